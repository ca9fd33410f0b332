import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TViewerProperty } from '@makazi/contracts/listings';
import {
  PROPERTY_TYPE_SLUGS,
  PROPERTY_TYPES,
  REQUIRED_PICTURE_LABELS,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { mediaUploads, propertyPhotos } from '../../db/schema';
import { photoFileKeys } from '../media/photo-files';
import {
  findPropertyRow,
  insertLocationChain,
  insertPhoto,
  insertRequiredPhotos,
  listingBody,
  setPropertyStatus,
  setPublisherPermissions,
  type LocationChain,
} from '../../test/factories';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let asha: SignedIn;
let juma: SignedIn;
let chain: LocationChain;
let otherChain: LocationChain;
beforeAll(async () => {
  t = await createTestApp();
  asha = await signUpAndIn(t, { firstName: 'Asha', lastName: 'Mrema' });
  juma = await signUpAndIn(t, { firstName: 'Juma', lastName: 'Ally' });
  chain = await insertLocationChain(t.db, {
    region: 'Dar es Salaam',
    district: 'Kinondoni',
    ward: 'Mikocheni',
    street: 'Mwai Kibaki',
  });
  otherChain = await insertLocationChain(t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(method: Method, url: string, who: SignedIn | undefined, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();
const fieldsOf = (res: { json: <T>() => T }) => errorOf(res).details?.map((d) => d.field);

async function create(
  who: SignedIn,
  type: TPropertyType,
  overrides: Record<string, unknown> = {},
): Promise<TViewerProperty> {
  const res = await call('POST', `/api/properties/${PROPERTY_TYPE_SLUGS[type]}`, who, {
    ...listingBody(type),
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TViewerProperty>();
}

function addressOf(c: LocationChain, numbers: Record<string, string> = {}) {
  return {
    regionId: c.region.id,
    districtId: c.district.id,
    wardId: c.ward.id,
    streetId: c.street.id,
    ...numbers,
  };
}

const NUMBER_FIELD = {
  Land: 'plotNumber',
  Rent: 'houseNumber',
  Apartment: 'apartmentNumber',
  HouseForSale: 'houseNumber',
} as const;

async function ownerGet(who: SignedIn, id: string) {
  return call('GET', `/api/properties/${id}`, who);
}

describe('POST /api/properties/:slug', () => {
  it.each(PROPERTY_TYPES)(
    'creates a %s draft with every field, read back by its owner',
    async (type) => {
      const body = listingBody(type);
      const res = await call('POST', `/api/properties/${PROPERTY_TYPE_SLUGS[type]}`, asha, {
        ...body,
        type,
        publishedBy: asha.userId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const created = res.json<TViewerProperty>();

      const { ownerPhoneNumber: _typed, ...sameAsSent } = body;
      expect(created).toMatchObject({
        ...sameAsSent,
        type,
        status: 'draft',
        ownerPhoneNumber: '+255754123456',
        rejectionReason: null,
        missingPictureLabels: [...REQUIRED_PICTURE_LABELS[type]],
        publishedBy: { id: asha.userId, firstName: 'Asha', lastName: 'Mrema' },
        propertyAddress: null,
        photos: [],
        media: [],
        promotionEndDate: null,
      });
      const price = {
        Land: 'lotPrice',
        Rent: 'leasePrice',
        Apartment: 'appartmentPrice',
        HouseForSale: 'housePrice',
      }[type];
      expect(created.price).toBe(body[price]);

      const read = await ownerGet(asha, created.id);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual(created);

      // The columns the fields went to.
      const row = await findPropertyRow(t.db, created.id);
      expect(row).toMatchObject({
        type,
        status: 'draft',
        publishedBy: asha.userId,
        priceTzs: body[price],
      });
      if (type === 'Rent') expect(row?.leaseTermMonths).toBe(6);
      if (type === 'Apartment') expect(row?.apartmentPriceTerm).toBe('12 months');
      if (type === 'Land')
        expect(row).toMatchObject({ lotWidth: 20, lotLength: 30.5, houseNumber: null });
      if (type === 'HouseForSale') expect(row?.squareFootage).toBe(180.5);
    },
  );

  it('defaults the service checkboxes to false and squareFootage to null', async () => {
    const {
      isWaterServiceAvailable: _w,
      isElectricityServiceAvailable: _e,
      squareFootage: _s,
      ...body
    } = listingBody('HouseForSale');
    const res = await call('POST', '/api/properties/house-for-sale', asha, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      isWaterServiceAvailable: false,
      isElectricityServiceAvailable: false,
      squareFootage: null,
    });
  });

  const OPTIONAL = new Set([
    'isWaterServiceAvailable',
    'isElectricityServiceAvailable',
    'squareFootage',
  ]);
  const missingCases = PROPERTY_TYPES.flatMap((type) =>
    Object.keys(listingBody(type))
      .filter((field) => !OPTIONAL.has(field))
      .map((field) => [type, field] as const),
  );
  it.each(missingCases)('refuses a %s without %s, naming it', async (type, field) => {
    const body = listingBody(type);
    delete body[field];
    const res = await call('POST', `/api/properties/${PROPERTY_TYPE_SLUGS[type]}`, asha, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: `${field}: is required`,
      details: [{ field, message: 'is required' }],
    });
  });

  it('refuses values of the wrong JSON type, naming each field', async () => {
    const res = await call('POST', '/api/properties/land', asha, {
      ...listingBody('Land'),
      lotPrice: '45000000',
      title: 42,
      isWaterServiceAvailable: 'yes',
      lotWidth: null,
    });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(new Set(fieldsOf(res))).toEqual(
      new Set(['lotPrice', 'title', 'isWaterServiceAvailable', 'lotWidth']),
    );
    expect(error.message).toContain('lotPrice: must be a whole number of TZS');
    expect(error.message).toContain('title: must be text');
    expect(error.message).toContain('isWaterServiceAvailable: must be true or false');
    expect(error.message.split('; ')).toHaveLength(4);
  });

  it('refuses out-of-range values and a bad owner phone', async () => {
    const res = await call('POST', '/api/properties/lease', asha, {
      ...listingBody('Rent'),
      leasePrice: -5,
      leaseTerm: 1.5,
      numberOfBedrooms: 999,
      ownerPhoneNumber: '12345',
      title: 'ab',
    });
    expect(res.statusCode).toBe(400);
    expect(new Set(fieldsOf(res))).toEqual(
      new Set(['leasePrice', 'leaseTerm', 'numberOfBedrooms', 'ownerPhoneNumber', 'title']),
    );
  });

  it('refuses a body whose type is not the path’s, naming type', async () => {
    const res = await call('POST', '/api/properties/land', asha, {
      ...listingBody('Land'),
      type: 'Rent',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['type']);
    expect(errorOf(res).message).toBe('type: must be Land for this listing');
  });

  it('refuses an unknown type in the path', async () => {
    const res = await call('POST', '/api/properties/castle', asha, listingBody('Land'));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['slug']);
  });

  it('publishes as the signed-in user whatever publishedBy says', async () => {
    const created = await create(asha, 'Rent', { publishedBy: juma.userId });
    expect(created.publishedBy.id).toBe(asha.userId);
    expect((await findPropertyRow(t.db, created.id))?.publishedBy).toBe(asha.userId);
    expect((await ownerGet(juma, created.id)).statusCode).toBe(404);
  });

  it('refuses with 403 a user whose canPost is off, and 401 anonymous', async () => {
    const mosi = await signUpAndIn(t, { firstName: 'Mosi' });
    await setPublisherPermissions(t.db, mosi.userId, { canPost: false });
    const res = await call('POST', '/api/properties/lease', mosi, listingBody('Rent'));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Your account may not publish listings. Contact support.',
    });
    // Told first that they may not post, not about fields they would fix in vain.
    const incomplete = await call('POST', '/api/properties/lease', mosi, { title: 'Not allowed' });
    expect(incomplete.statusCode).toBe(403);
    const anonymous = await call('POST', '/api/properties/lease', undefined, listingBody('Rent'));
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/properties/:id/address', () => {
  it.each(PROPERTY_TYPES)('stores a %s address with its number field', async (type) => {
    const listing = await create(asha, type);
    const res = await call(
      'POST',
      `/api/properties/${listing.id}/address`,
      asha,
      addressOf(chain, { [NUMBER_FIELD[type]]: ' 12B ' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TViewerProperty>();
    expect(body.propertyAddress).toEqual({
      region: chain.region,
      district: chain.district,
      ward: chain.ward,
      street: chain.street,
      plotNumber: null,
      houseNumber: null,
      apartmentNumber: null,
      [NUMBER_FIELD[type]]: '12B',
    });
    // No photos yet: still a draft.
    expect(body.status).toBe('draft');
    expect((await ownerGet(asha, listing.id)).json()).toEqual(body);
  });

  it('accepts an address without its number, and a blank number of another type', async () => {
    const listing = await create(asha, 'Land');
    const res = await call(
      'POST',
      `/api/properties/${listing.id}/address`,
      asha,
      addressOf(chain, { houseNumber: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TViewerProperty>().propertyAddress?.plotNumber).toBeNull();
  });

  it('refuses a chain broken at any link, naming the first broken field', async () => {
    const listing = await create(asha, 'Rent');
    const url = `/api/properties/${listing.id}/address`;
    const cases: [Record<string, number>, string, string][] = [
      [{ regionId: 999_999 }, 'regionId', 'is not a known region'],
      [{ districtId: otherChain.district.id }, 'districtId', `is not in region ${chain.region.id}`],
      [{ districtId: 999_999 }, 'districtId', 'is not a known district'],
      [{ wardId: otherChain.ward.id }, 'wardId', `is not in district ${chain.district.id}`],
      [{ wardId: 999_999 }, 'wardId', 'is not a known ward'],
      [{ streetId: otherChain.street.id }, 'streetId', `is not in ward ${chain.ward.id}`],
      [{ streetId: 999_999 }, 'streetId', 'is not a known street'],
      // A consistent chain from the ward down, under the wrong district: the ward is named.
      [
        { wardId: otherChain.ward.id, streetId: otherChain.street.id },
        'wardId',
        `is not in district ${chain.district.id}`,
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await call('POST', url, asha, { ...addressOf(chain), ...override });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res), field).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: `${field}: ${message}`,
        details: [{ field, message }],
      });
    }
    expect((await findPropertyRow(t.db, listing.id))?.streetId).toBeNull();
  });

  it('refuses missing or malformed ids, naming them', async () => {
    const listing = await create(asha, 'Rent');
    const { wardId: _w, ...withoutWard } = addressOf(chain);
    const res = await call('POST', `/api/properties/${listing.id}/address`, asha, {
      ...withoutWard,
      regionId: 'one',
    });
    expect(res.statusCode).toBe(400);
    expect(new Set(fieldsOf(res))).toEqual(new Set(['regionId', 'wardId']));
  });

  it.each([
    ['Land', 'houseNumber'],
    ['Rent', 'plotNumber'],
    ['Apartment', 'houseNumber'],
    ['HouseForSale', 'apartmentNumber'],
  ] as const)('refuses a %s address with %s, naming it', async (type, field) => {
    const listing = await create(asha, type);
    const res = await call(
      'POST',
      `/api/properties/${listing.id}/address`,
      asha,
      addressOf(chain, { [field]: '7' }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
    expect(errorOf(res).message).toBe(
      `${field}: is not used by ${type} listings; send ${NUMBER_FIELD[type]}`,
    );
  });

  it('moves a draft to pending only once it has an address and every required photo', async () => {
    for (const type of PROPERTY_TYPES) {
      // Photos first, address last.
      const photosFirst = await create(asha, type);
      await insertRequiredPhotos(t.db, photosFirst.id, type);
      const addressed = await call(
        'POST',
        `/api/properties/${photosFirst.id}/address`,
        asha,
        addressOf(chain),
      );
      expect(addressed.json(), type).toMatchObject({ status: 'pending', missingPictureLabels: [] });

      // One required slot empty: the address alone does not make it pending.
      const [lastLabel] = REQUIRED_PICTURE_LABELS[type].slice(-1);
      const incomplete = await create(asha, type);
      await insertRequiredPhotos(t.db, incomplete.id, type, { except: [lastLabel!] });
      // Photos of slots that are not required do not count.
      await insertPhoto(t.db, incomplete.id, {
        label: type === 'Land' ? 'picha_jiko' : 'picha_kulia',
        position: 50,
      });
      const stillDraft = await call(
        'POST',
        `/api/properties/${incomplete.id}/address`,
        asha,
        addressOf(chain),
      );
      expect(stillDraft.json(), type).toMatchObject({
        status: 'draft',
        missingPictureLabels: [lastLabel],
      });
    }
  });

  it('sends an approved listing back to review and clears a rejection reason', async () => {
    const listing = await create(asha, 'Apartment');
    await insertRequiredPhotos(t.db, listing.id, 'Apartment');
    await setPropertyStatus(t.db, listing.id, 'rejected', 'Picha hazionekani');
    const rejected = (await ownerGet(asha, listing.id)).json<TViewerProperty>();
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Picha hazionekani' });

    const res = await call(
      'POST',
      `/api/properties/${listing.id}/address`,
      asha,
      addressOf(chain, { apartmentNumber: '4' }),
    );
    expect(res.json()).toMatchObject({ status: 'pending', rejectionReason: null });
    expect((await findPropertyRow(t.db, listing.id))?.rejectionReason).toBeNull();
  });

  it('refuses an id that is not a uuid, and answers 404 for one that does not exist', async () => {
    const bad = await call('POST', '/api/properties/abc/address', asha, addressOf(chain));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['id']);
    const missing = await call(
      'POST',
      '/api/properties/00000000-0000-4000-8000-000000000000/address',
      asha,
      addressOf(chain),
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /api/properties/:id', () => {
  async function complete(type: TPropertyType, who: SignedIn = asha) {
    const listing = await create(who, type);
    const photos = await insertRequiredPhotos(t.db, listing.id, type);
    const res = await call('POST', `/api/properties/${listing.id}/address`, who, addressOf(chain));
    expect(res.json<TViewerProperty>().status).toBe('pending');
    return { listing, photos };
  }

  const patch = (id: string, payload: unknown, who: SignedIn = asha) =>
    call('PATCH', `/api/properties/${id}`, who, payload);

  it('changes detail fields, leaving the others as they were', async () => {
    const listing = await create(asha, 'HouseForSale');
    const res = await patch(listing.id, {
      title: 'Nyumba mpya ya kisasa',
      housePrice: 300_000_000,
      squareFootage: null,
      isElectricityServiceAvailable: false,
      ownerPhoneNumber: '+255765000111',
      // Read-only fields a client sends back with the view are ignored.
      id: 'something',
      status: 'approved',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TViewerProperty>();
    expect(body).toMatchObject({
      title: 'Nyumba mpya ya kisasa',
      housePrice: 300_000_000,
      price: 300_000_000,
      squareFootage: null,
      isElectricityServiceAvailable: false,
      // Not sent: unchanged (the schema's default must not reset it).
      isWaterServiceAvailable: true,
      numberOfBedrooms: 4,
      description: listing.description,
      ownerPhoneNumber: '+255765000111',
      status: 'draft',
    });
    expect((await ownerGet(asha, listing.id)).json()).toEqual(body);
  });

  it('refuses detail fields of another type, naming them, and bad values', async () => {
    const listing = await create(asha, 'Rent');
    const res = await patch(listing.id, {
      lotWidth: 10,
      appartmentPrice: 5,
      numberOfBedrooms: 4,
      title: 'Valid title',
    });
    expect(res.statusCode).toBe(400);
    expect(new Set(fieldsOf(res))).toEqual(new Set(['lotWidth', 'appartmentPrice']));
    expect(errorOf(res).message).toContain('lotWidth: is not a field of Rent listings');

    // Each value is checked by its field's rule at the route, naming every bad one.
    const badValues = await patch(listing.id, {
      numberOfBedrooms: -1,
      leasePrice: 0,
      title: 'Valid title',
    });
    expect(badValues.statusCode).toBe(400);
    expect(errorOf(badValues).message).toBe(
      'leasePrice: must be more than 0; numberOfBedrooms: must not be negative',
    );
    // Nothing changed.
    expect((await findPropertyRow(t.db, listing.id))?.title).toBe(listing.title);

    const wrongType = await patch(listing.id, { type: 'Land' });
    expect(fieldsOf(wrongType)).toEqual(['type']);
  });

  it('sets the address, with the same chain and number rules', async () => {
    const listing = await create(asha, 'Land');
    const ok = await patch(listing.id, { address: addressOf(chain, { plotNumber: '88' }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TViewerProperty>().propertyAddress?.plotNumber).toBe('88');

    const broken = await patch(listing.id, {
      address: { ...addressOf(chain), wardId: otherChain.ward.id },
    });
    expect(broken.statusCode).toBe(400);
    expect(fieldsOf(broken)).toEqual(['address.wardId']);
    const wrongNumber = await patch(listing.id, {
      address: addressOf(chain, { apartmentNumber: '3' }),
    });
    expect(fieldsOf(wrongNumber)).toEqual(['address.apartmentNumber']);
    const malformed = await patch(listing.id, { address: { regionId: 1 } });
    expect(malformed.statusCode).toBe(400);
    expect(fieldsOf(malformed)).toContain('address.districtId');
  });

  it('removes photos: rows in the transaction, files from storage afterwards', async () => {
    const { listing, photos } = await complete('Rent');
    const [first, second] = photos;
    const keys = [...first!.variants, ...second!.variants].map((v) => v.key);
    for (const key of keys) await t.storage.put(key, Buffer.from('webp'), 'image/webp');

    const res = await patch(listing.id, { removePhotoIds: [first!.id, second!.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TViewerProperty>();
    expect(body.photos.map((p) => p.id)).toEqual(photos.slice(2).map((p) => p.id));
    // Two required slots are empty again: back to draft.
    expect(body).toMatchObject({
      status: 'draft',
      missingPictureLabels: [first!.label, second!.label],
    });
    for (const key of keys) expect(await t.storage.get(key), key).toBeNull();
    const journal = await t.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.propertyId, listing.id));
    expect(journal).toEqual([]);
  });

  it('keeps the edit when a file cannot be deleted, leaving its key to the sweeper', async () => {
    const { listing, photos } = await complete('Land');
    const photo = photos[0]!;
    const original = t.storage.delete.bind(t.storage);
    t.storage.delete = () => Promise.reject(new Error('disk unplugged'));
    try {
      const res = await patch(listing.id, { removePhotoIds: [photo.id] });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.storage.delete = original;
    }
    const journal = await t.db
      .select({ key: mediaUploads.key })
      .from(mediaUploads)
      .where(eq(mediaUploads.propertyId, listing.id));
    // Its variants and its preview image (rendered or not): every file a photo row may own.
    expect(journal.map((j) => j.key).sort()).toEqual(photoFileKeys(photo).sort());
  });

  it('refuses to remove a photo of another listing', async () => {
    const mine = await create(asha, 'Rent');
    const other = await complete('Rent');
    const res = await patch(mine.id, { removePhotoIds: [other.photos[0]!.id] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['removePhotoIds']);
    const stillThere = await t.db
      .select()
      .from(propertyPhotos)
      .where(eq(propertyPhotos.id, other.photos[0]!.id));
    expect(stillThere).toHaveLength(1);
  });

  it('reorders photos by photoOrder; an approved listing stays approved', async () => {
    const { listing, photos } = await complete('Land');
    await setPropertyStatus(t.db, listing.id, 'approved');
    const reversed = photos.map((p) => p.id).reverse();
    const res = await patch(listing.id, { photoOrder: reversed });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TViewerProperty>();
    expect(body.photos.map((p) => p.id)).toEqual(reversed);
    expect(body.status).toBe('approved');
    const positions = await t.db
      .select({ id: propertyPhotos.id, position: propertyPhotos.position })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, listing.id));
    expect(positions.sort((a, b) => a.position - b.position).map((p) => p.id)).toEqual(reversed);
    expect(positions.map((p) => p.position).sort()).toEqual([0, 1, 2, 3]);
  });

  it('removes and reorders in one edit', async () => {
    const { listing, photos } = await complete('Rent');
    const [removed, ...rest] = photos;
    const order = rest.map((p) => p.id).reverse();
    const res = await patch(listing.id, { removePhotoIds: [removed!.id], photoOrder: order });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TViewerProperty>().photos.map((p) => p.id)).toEqual(order);
  });

  it('refuses a photoOrder that is not a permutation of the remaining photos', async () => {
    const { listing, photos } = await complete('Land');
    const ids = photos.map((p) => p.id);
    const foreign = (await complete('Land')).photos[0]!.id;
    const cases: [string, Record<string, unknown>][] = [
      ['one missing', { photoOrder: ids.slice(1) }],
      ['a duplicate', { photoOrder: [ids[0], ...ids.slice(0, -1)] }],
      ['a foreign id', { photoOrder: [...ids.slice(1), foreign] }],
      ['a removed one', { removePhotoIds: [ids[0]], photoOrder: ids }],
      ['not uuids', { photoOrder: ['a', 'b'] }],
    ];
    for (const [name, payload] of cases) {
      const res = await patch(listing.id, { title: 'Changed in vain', ...payload });
      expect(res.statusCode, name).toBe(400);
      expect(fieldsOf(res)?.[0], name).toMatch(/^photoOrder/);
    }
    // All or nothing: neither the title nor any photo changed.
    const row = await findPropertyRow(t.db, listing.id);
    expect(row?.title).toBe(listing.title);
    const view = (await ownerGet(asha, listing.id)).json<TViewerProperty>();
    expect(view.photos.map((p) => p.id)).toEqual(ids);
  });

  it('keeps an approved listing live as it was while its edit waits for review', async () => {
    const { listing } = await complete('Apartment');
    await setPropertyStatus(t.db, listing.id, 'approved');
    const res = await patch(listing.id, { description: 'Imepakwa rangi upya.' });
    const view = res.json<TViewerProperty>();
    expect(view).toMatchObject({ status: 'approved', description: listing.description });
    expect(view.pendingChange).toMatchObject({
      status: 'pending',
      changedFields: ['description'],
      proposed: { description: 'Imepakwa rangi upya.' },
    });
    // Still public, as approved.
    const anonymous = await call('GET', `/api/properties/${listing.id}`, undefined);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json<TViewerProperty>().description).toBe(listing.description);
  });

  it('sends a rejected listing back to review, clearing its reason', async () => {
    const { listing } = await complete('HouseForSale');
    await setPropertyStatus(t.db, listing.id, 'rejected', 'Bei si sahihi');
    const res = await patch(listing.id, { housePrice: 199_000_000 });
    expect(res.json()).toMatchObject({ status: 'pending', rejectionReason: null });
  });

  it('answers an empty edit with the listing unchanged', async () => {
    const { listing } = await complete('Rent');
    await setPropertyStatus(t.db, listing.id, 'approved');
    const res = await patch(listing.id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json<TViewerProperty>().status).toBe('approved');
  });

  it('refuses with 403 a user whose canEdit is off, for edits and addresses', async () => {
    const zawadi = await signUpAndIn(t, { firstName: 'Zawadi' });
    const listing = await create(zawadi, 'Rent');
    await setPublisherPermissions(t.db, zawadi.userId, { canEdit: false });
    const edit = await patch(listing.id, { title: 'Blocked title' }, zawadi);
    expect(edit.statusCode).toBe(403);
    expect(errorOf(edit).message).toBe('Your account may not edit listings. Contact support.');
    const address = await call(
      'POST',
      `/api/properties/${listing.id}/address`,
      zawadi,
      addressOf(chain),
    );
    expect(address.statusCode).toBe(403);
    expect((await findPropertyRow(t.db, listing.id))?.title).toBe(listing.title);
  });
});

describe('DELETE /api/properties/:id', () => {
  it('archives the listing: 404 for everyone afterwards and in no list', async () => {
    const listing = await create(asha, 'Land');
    await insertRequiredPhotos(t.db, listing.id, 'Land');
    await setPropertyStatus(t.db, listing.id, 'approved');
    expect((await call('GET', `/api/properties/${listing.id}`, undefined)).statusCode).toBe(200);

    const res = await call('DELETE', `/api/properties/${listing.id}`, asha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: listing.id, status: 'archived' });

    const row = await findPropertyRow(t.db, listing.id);
    expect(row?.status).toBe('archived');
    expect(row?.deletedAt).toBeInstanceOf(Date);

    for (const who of [undefined, asha, juma]) {
      expect((await call('GET', `/api/properties/${listing.id}`, who)).statusCode).toBe(404);
    }
    const publicList = await call('GET', '/api/properties?limit=100', undefined);
    expect(publicList.json<{ id: string }[]>().map((p) => p.id)).not.toContain(listing.id);
    for (const who of [undefined, asha]) {
      const mine = await call('GET', `/api/properties/publishers/${asha.userId}`, who);
      expect(mine.json<{ id: string }[]>().map((p) => p.id)).not.toContain(listing.id);
    }
    // Gone for writes too.
    expect((await call('DELETE', `/api/properties/${listing.id}`, asha)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/properties/${listing.id}`, asha, { title: 'Back again' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses with 403 a user whose canDelete is off', async () => {
    const baraka = await signUpAndIn(t, { firstName: 'Baraka' });
    const listing = await create(baraka, 'Apartment');
    await setPublisherPermissions(t.db, baraka.userId, { canDelete: false });
    const res = await call('DELETE', `/api/properties/${listing.id}`, baraka);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe('Your account may not delete listings. Contact support.');
    expect((await findPropertyRow(t.db, listing.id))?.status).toBe('draft');
  });
});
