import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { properties } from '../../db/schema';
import {
  insertLocationChain,
  insertPhoto,
  insertProperty,
  insertRequiredPhotos,
  listingBody,
  setPropertyStatus,
  type LocationChain,
} from '../../test/factories';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Who may do what with a listing: the owner-only routes (anonymous 401, another user 403), and
 * what the owner sees of their listings that nobody else does (drafts, status, contact number).
 */

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let chain: LocationChain;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndIn(t, { firstName: 'Neema', lastName: 'Kweka' });
  other = await signUpAndIn(t, { firstName: 'Daudi', lastName: 'Mushi' });
  chain = await insertLocationChain(t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(
  method: Method,
  url: string,
  who: SignedIn | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(who ? who.auth : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function createRent(who: SignedIn): Promise<TViewerProperty> {
  const res = await call('POST', '/api/properties/lease', who, listingBody('Rent'));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TViewerProperty>();
}

const OWNER_ONLY_FIELDS = ['ownerPhoneNumber', 'rejectionReason', 'missingPictureLabels'];

/** A one-photo upload form, as the create wizard's third step sends it. */
async function photoForm(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 160, b: 90 } },
  })
    .png()
    .toBuffer();
  const boundary = `----makazi${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\npicha_nje\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="nje.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('owner-only routes', () => {
  interface OwnerOnlyRoute {
    name: string;
    method: Method;
    path: (id: string) => string;
    request: () => Promise<{ payload?: unknown; headers?: Record<string, string> }>;
  }
  const json = (payload: unknown) => () => Promise.resolve({ payload });
  const routes: OwnerOnlyRoute[] = [
    {
      name: 'POST /api/properties/:id/address',
      method: 'POST',
      path: (id) => `/api/properties/${id}/address`,
      request: () =>
        json({
          regionId: chain.region.id,
          districtId: chain.district.id,
          wardId: chain.ward.id,
          streetId: chain.street.id,
          houseNumber: '5',
        })(),
    },
    {
      name: 'PATCH /api/properties/:id',
      method: 'PATCH',
      path: (id) => `/api/properties/${id}`,
      request: json({ title: 'Chumba kipya cha kupanga' }),
    },
    {
      name: 'POST /api/properties/:id/media',
      method: 'POST',
      path: (id) => `/api/properties/${id}/media`,
      request: photoForm,
    },
    {
      name: 'DELETE /api/properties/:id',
      method: 'DELETE',
      path: (id) => `/api/properties/${id}`,
      request: json(undefined),
    },
  ];

  it.for(routes)('$name: anonymous 401, another user 403, the owner 2xx', async (route) => {
    const listing = await createRent(owner);
    const url = route.path(listing.id);
    const send = async (who: SignedIn | undefined, extra: Record<string, string> = {}) => {
      const { payload, headers } = await route.request();
      return call(route.method, url, who, payload, { ...headers, ...extra });
    };

    const anonymous = await send(undefined);
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');

    const stranger = await send(other);
    expect(stranger.statusCode, stranger.body).toBe(403);
    expect(stranger.json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'You can only change your own listings.',
    });

    const expired = await send(undefined, { authorization: 'Bearer not.a.token' });
    expect(expired.statusCode).toBe(401);

    const mine = await send(owner);
    expect(Math.floor(mine.statusCode / 100), mine.body).toBe(2);
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/properties/:id for the owner', () => {
  it('shows the owner their draft with owner fields; others get 404', async () => {
    const draft = await createRent(owner);
    const res = await call('GET', `/api/properties/${draft.id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/authorization/i);
    expect(res.json()).toMatchObject({
      id: draft.id,
      status: 'draft',
      ownerPhoneNumber: '+255754123456',
      rejectionReason: null,
      missingPictureLabels: [
        'picha_nje',
        'picha_chumba',
        'picha_sebule',
        'picha_jiko',
        'picha_choo',
      ],
    });

    for (const who of [undefined, other]) {
      const denied = await call('GET', `/api/properties/${draft.id}`, who);
      expect(denied.statusCode).toBe(404);
    }
  });

  it('shows an approved listing to everyone, with owner fields only for the owner', async () => {
    const listing = await createRent(owner);
    await setPropertyStatus(t.db, listing.id, 'approved');

    const mine = await call('GET', `/api/properties/${listing.id}`, owner);
    expect(mine.json()).toMatchObject({ status: 'approved', ownerPhoneNumber: '+255754123456' });
    expect(mine.headers['cache-control']).toBe('private, no-store');

    for (const who of [undefined, other]) {
      const res = await call('GET', `/api/properties/${listing.id}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=10');
      expect(res.headers.vary).toMatch(/authorization/i);
      const body = res.json<Record<string, unknown>>();
      for (const field of OWNER_ONLY_FIELDS) expect(body).not.toHaveProperty(field);
      expect(res.body).not.toContain('754123456');
    }
  });

  it('answers 401 for an invalid bearer token rather than the public view', async () => {
    const listing = await createRent(owner);
    await setPropertyStatus(t.db, listing.id, 'approved');
    const res = await call('GET', `/api/properties/${listing.id}`, undefined, undefined, {
      authorization: 'Bearer expired.or.forged',
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // Another scheme is not ours: the request is anonymous.
    const basic = await call('GET', `/api/properties/${listing.id}`, undefined, undefined, {
      authorization: 'Basic dXNlcjpwYXNz',
    });
    expect(basic.statusCode).toBe(200);
  });
});

describe('GET /api/properties/publishers/:publisherId', () => {
  let seller: SignedIn;
  const made: Record<string, string> = {};
  beforeAll(async () => {
    seller = await signUpAndIn(t, { firstName: 'Rehema', lastName: 'Said' });
    const names = ['draft', 'pending', 'approved', 'rejected', 'archived', 'approved2'];
    for (const [index, name] of names.entries()) {
      const id = (await createRent(seller)).id;
      made[name] = id;
      // Distinct creation times, so "newest first" has one right answer.
      await t.db
        .update(properties)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 1 + index)) })
        .where(eq(properties.id, id));
    }
    await insertRequiredPhotos(t.db, made.approved!, 'Rent');
    await insertPhoto(t.db, made.approved!, { label: 'picha_jiko', position: 9 });
    await setPropertyStatus(t.db, made.pending!, 'pending');
    await setPropertyStatus(t.db, made.approved!, 'approved');
    await setPropertyStatus(t.db, made.approved2!, 'approved');
    await setPropertyStatus(t.db, made.rejected!, 'rejected', 'Picha ni za mtandaoni');
    const deleted = await call('DELETE', `/api/properties/${made.archived}`, seller);
    expect(deleted.statusCode).toBe(200);
    // Someone else's approved listing is never in this list.
    await insertProperty(t.db, { publishedBy: owner.userId });
  });

  const list = (who: SignedIn | undefined, headers: Record<string, string> = {}) =>
    call('GET', `/api/properties/publishers/${seller.userId}`, who, undefined, headers);

  it('shows the owner every listing but deleted ones, newest first, with status and reason', async () => {
    const res = await list(seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/authorization/i);
    const items = res.json<TViewerProperty[]>();
    expect(items.map((p) => p.id)).toEqual(
      ['approved2', 'rejected', 'approved', 'pending', 'draft'].map((n) => made[n]),
    );
    expect(items.map((p) => p.status)).toEqual([
      'approved',
      'rejected',
      'approved',
      'pending',
      'draft',
    ]);
    const byId = new Map(items.map((p) => [p.id, p]));
    expect(byId.get(made.rejected!)?.rejectionReason).toBe('Picha ni za mtandaoni');
    expect(byId.get(made.draft!)?.rejectionReason).toBeNull();
    for (const item of items) expect(item.ownerPhoneNumber).toBe('+255754123456');
    // Every photo, in position order, and the one media group naming them.
    const approved = byId.get(made.approved!)!;
    expect(approved.photos.map((p) => p.label)).toEqual([
      'picha_nje',
      'picha_chumba',
      'picha_sebule',
      'picha_jiko',
      'picha_choo',
      'picha_jiko',
    ]);
    expect(approved.media).toHaveLength(1);
    expect(approved.media[0]?.pictures).toHaveLength(6);
    expect(approved.missingPictureLabels).toEqual([]);
  });

  it('shows anyone else only the approved ones, without owner fields', async () => {
    for (const who of [undefined, other]) {
      const res = await list(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=10');
      expect(res.headers.vary).toMatch(/authorization/i);
      const items = res.json<Record<string, unknown>[]>();
      expect(items.map((p) => p.id)).toEqual([made.approved2, made.approved]);
      expect(res.body).not.toContain('ownerPhoneNumber');
      expect(res.body).not.toContain('rejectionReason');
      expect(res.body).not.toContain('754123456');
      expect((items[1]?.photos as unknown[]).length).toBe(6);
    }
  });

  it('pages the list like the catalogue: limit, Link rel="next", a cursor only for its own list', async () => {
    const pages: string[][] = [];
    let url: string | undefined = `/api/properties/publishers/${seller.userId}?limit=2`;
    while (url) {
      const res = await call('GET', url, seller);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json<TViewerProperty[]>().map((p) => p.id));
      const link = res.headers.link;
      url = typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
    }
    expect(pages).toEqual([
      [made.approved2, made.rejected],
      [made.approved, made.pending],
      [made.draft],
    ]);

    const first = await call('GET', `/api/properties/publishers/${seller.userId}?limit=1`, seller);
    const next = /cursor=([^&>]+)/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    // The owner's cursor walks the owner's view (drafts included): the public list refuses it.
    const asPublic = await call(
      'GET',
      `/api/properties/publishers/${seller.userId}?limit=1&cursor=${next}`,
      undefined,
    );
    expect(asPublic.statusCode).toBe(400);
    expect(asPublic.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const tooMany = await call(
      'GET',
      `/api/properties/publishers/${seller.userId}?limit=101`,
      undefined,
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers an empty list for a publisher with nothing approved, and 401 for a bad token', async () => {
    const nobody = await call('GET', `/api/properties/publishers/${other.userId}`, undefined);
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual([]);
    const bad = await list(undefined, { authorization: 'Bearer x.y.z' });
    expect(bad.statusCode).toBe(401);
    const notUuid = await call('GET', '/api/properties/publishers/me', undefined);
    expect(notUuid.statusCode).toBe(400);
  });
});
