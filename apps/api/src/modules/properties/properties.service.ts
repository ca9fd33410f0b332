import {
  ZPropertyType,
  mediaGroupName,
  propertyTypeFromSlug,
  type TListPropertiesQuery,
  type TPhoto,
  type TProperty,
  type TPropertyAddress,
  type TPropertyType,
} from '@makazi/contracts/properties';
import { notFound } from '../../lib/errors';
import {
  decodeCursor,
  encodeCursor,
  filtersFingerprint,
  type NewCursor,
  type PriceCursor,
} from './properties.cursor';
import type {
  PageKey,
  PropertiesRepository,
  PropertyPhotoRow,
  PublicFilters,
  PublicPropertyRow,
} from './properties.repository';

/** The variant a gallery shows without srcset: wide enough for a phone at 2x, small enough for 3G. */
const DISPLAY_WIDTH = 768;

export interface PropertyPage {
  items: TProperty[];
  /** Opaque cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

export interface PropertiesService {
  listPublic(query: TListPropertiesQuery): Promise<PropertyPage>;
  getPublic(id: string): Promise<TProperty>;
}

export function mediaUrl(key: string): string {
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}

function toType(value: NonNullable<TListPropertiesQuery['type']>): TPropertyType {
  const asType = ZPropertyType.safeParse(value);
  return asType.success
    ? asType.data
    : propertyTypeFromSlug(value as Parameters<typeof propertyTypeFromSlug>[0]);
}

/** A column the schema's per-type CHECK constraints guarantee; null here means the database broke its promise. */
function present<T>(value: T | null, column: string, id: string): T {
  if (value === null) throw new Error(`property ${id}: ${column} is null despite its type's check`);
  return value;
}

function toPhoto(row: PropertyPhotoRow): TPhoto | undefined {
  const variants = [...row.variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => ({ width: v.width, height: v.height, url: mediaUrl(v.key) }));
  const display = variants.filter((v) => v.width <= DISPLAY_WIDTH).at(-1) ?? variants.at(0);
  // A photo without variants cannot be shown; leaving it out beats failing the whole page.
  if (!display) return undefined;
  return {
    id: row.id,
    label: row.label,
    url: display.url,
    width: display.width,
    height: display.height,
    variants,
  };
}

function toAddress(row: PublicPropertyRow): TPropertyAddress | null {
  const { regionId, regionName, districtId, districtName, wardId, wardName, streetId, streetName } =
    row;
  // An address is given whole (region to street) or not at all.
  if (
    regionId === null ||
    regionName === null ||
    districtId === null ||
    districtName === null ||
    wardId === null ||
    wardName === null ||
    streetId === null ||
    streetName === null
  ) {
    return null;
  }
  return {
    region: { id: regionId, name: regionName },
    district: { id: districtId, name: districtName },
    ward: { id: wardId, name: wardName },
    street: { id: streetId, name: streetName },
    apartmentNumber: row.apartmentNumber,
    houseNumber: row.houseNumber,
    plotNumber: row.plotNumber,
  };
}

export function toProperty(
  row: PublicPropertyRow,
  photoRows: readonly PropertyPhotoRow[],
): TProperty {
  const photos = photoRows.map(toPhoto).filter((p): p is TPhoto => p !== undefined);
  const common = {
    id: row.id,
    title: row.title,
    description: row.description,
    ownerName: row.ownerName,
    publishedBy: {
      id: row.publisherId,
      firstName: row.publisherFirstName,
      lastName: row.publisherLastName,
    },
    propertyAddress: toAddress(row),
    media:
      photos.length === 0
        ? []
        : [
            {
              name: mediaGroupName(photos.map((p) => p.label)),
              pictures: photos.map((p) => p.url),
            },
          ],
    photos,
    promotionEndDate: row.promotionEndsAt?.toISOString() ?? null,
    price: row.priceTzs,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  const id = row.id;
  switch (row.type) {
    case 'Land':
      return {
        ...common,
        type: 'Land',
        lotPrice: row.priceTzs,
        lotWidth: present(row.lotWidth, 'lot_width', id),
        lotLength: present(row.lotLength, 'lot_length', id),
        lotStatus: present(row.lotStatus, 'lot_status', id),
        distanceFromMainRoad: present(row.distanceFromMainRoad, 'distance_from_main_road', id),
        isWaterServiceAvailable: row.isWaterServiceAvailable ?? false,
        isElectricityServiceAvailable: row.isElectricityServiceAvailable ?? false,
      };
    case 'Rent':
      return {
        ...common,
        type: 'Rent',
        leasePrice: row.priceTzs,
        leaseTerm: present(row.leaseTermMonths, 'lease_term_months', id),
        numberOfBedrooms: present(row.numberOfBedrooms, 'number_of_bedrooms', id),
        numberOfBathrooms: present(row.numberOfBathrooms, 'number_of_bathrooms', id),
      };
    case 'Apartment':
      return {
        ...common,
        type: 'Apartment',
        appartmentPrice: row.priceTzs,
        apartmentPrice: row.priceTzs,
        appartmentPriceTerm: present(row.apartmentPriceTerm, 'apartment_price_term', id),
        numberOfBedrooms: present(row.numberOfBedrooms, 'number_of_bedrooms', id),
        numberOfBathrooms: present(row.numberOfBathrooms, 'number_of_bathrooms', id),
      };
    case 'HouseForSale':
      return {
        ...common,
        type: 'HouseForSale',
        housePrice: row.priceTzs,
        squareFootage: row.squareFootage,
        numberOfBedrooms: present(row.numberOfBedrooms, 'number_of_bedrooms', id),
        numberOfBathrooms: present(row.numberOfBathrooms, 'number_of_bathrooms', id),
        // Optional for houses in the schema (required only for land): absent reads as unknown.
        distanceFromMainRoad: row.distanceFromMainRoad ?? '',
        isWaterServiceAvailable: row.isWaterServiceAvailable ?? false,
        isElectricityServiceAvailable: row.isElectricityServiceAvailable ?? false,
      };
  }
}

function newestKey(row: PageKey): [string, string] {
  return [row.createdAtKey, row.id];
}

function promotedKey(row: PageKey): [string, string] {
  // Only rows with a running promotion reach the promoted phase, so the key is never null.
  return [present(row.promotionEndsAtKey, 'promotion_ends_at', row.id), row.id];
}

export function createPropertiesService(repository: PropertiesRepository): PropertiesService {
  async function withPhotos(rows: readonly PublicPropertyRow[]): Promise<TProperty[]> {
    const photos = await repository.listPhotos(rows.map((r) => r.id));
    const byProperty = new Map<string, PropertyPhotoRow[]>();
    for (const photo of photos) {
      const list = byProperty.get(photo.propertyId);
      if (list) list.push(photo);
      else byProperty.set(photo.propertyId, [photo]);
    }
    return rows.map((row) => toProperty(row, byProperty.get(row.id) ?? []));
  }

  /** The listings behind the page keys, in the keys' order. */
  async function loadInOrder(keys: readonly PageKey[]): Promise<PublicPropertyRow[]> {
    const rows = await repository.loadPublic(keys.map((k) => k.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A listing withdrawn between the two reads is simply left out of this page.
    return keys.map((k) => byId.get(k.id)).filter((row) => row !== undefined);
  }

  /*
   * sort=new: listings with a running promotion first, then the rest newest first (created_at
   * desc, id desc). Promoted listings are ordered by when their promotion ends, latest first: the
   * longest and most recently bought promotions lead, and the order comes straight from
   * properties_public_promoted_idx read backwards, so the first phase reads about one page of
   * index entries even when thousands of promotions run (ordering them by created_at would
   * sort every running promotion on each request). The second phase walks
   * properties_public_(type_)new_idx. Each phase has its own keyset: (promotion_ends_at, id)
   * then (created_at, id).
   */
  async function listNewest(
    filters: PublicFilters,
    limit: number,
    cursor: NewCursor | null,
    fingerprint: string,
  ): Promise<{ rows: PageKey[]; next: NewCursor | null }> {
    const at = cursor ? new Date(cursor.at) : new Date();
    const base = { v: 1 as const, s: 'new' as const, f: fingerprint, at: at.getTime() };
    let after = cursor?.k ? { at: cursor.k[0], id: cursor.k[1] } : null;
    let rows: PageKey[] = [];

    if (!cursor || cursor.ph === 'promoted') {
      const promoted = await repository.listPromoted(filters, at, after, limit + 1);
      if (promoted.length > limit) {
        rows = promoted.slice(0, limit);
        return { rows, next: { ...base, ph: 'promoted', k: promotedKey(rows[rows.length - 1]!) } };
      }
      rows = promoted;
      after = null;
    }

    const room = limit - rows.length;
    const rest = await repository.listNotPromoted(filters, at, after, room + 1);
    const shown = rest.slice(0, room);
    const last = shown.at(-1);
    const next: NewCursor | null =
      rest.length > room ? { ...base, ph: 'rest', k: last ? newestKey(last) : null } : null;
    return { rows: [...rows, ...shown], next };
  }

  async function listByPrice(
    filters: PublicFilters,
    sort: PriceCursor['s'],
    limit: number,
    cursor: PriceCursor | null,
    fingerprint: string,
  ): Promise<{ rows: PageKey[]; next: PriceCursor | null }> {
    const after = cursor ? { price: cursor.k[0], id: cursor.k[1] } : null;
    const direction = sort === 'priceLowHigh' ? 'asc' : 'desc';
    const fetched = await repository.listByPrice(filters, direction, after, limit + 1);
    const rows = fetched.slice(0, limit);
    const last = rows.at(-1);
    const next: PriceCursor | null =
      fetched.length > limit && last
        ? { v: 1, s: sort, f: fingerprint, k: [last.priceTzs, last.id] }
        : null;
    return { rows, next };
  }

  return {
    async listPublic(query) {
      const filters: PublicFilters = {
        type: query.type === undefined ? undefined : toType(query.type),
        // The contract trims; an all-blank search is no search.
        search: query.search ? query.search : undefined,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
      };
      const fingerprint = filtersFingerprint(filters);
      const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, fingerprint) : null;

      const page =
        query.sort === 'new'
          ? await listNewest(filters, query.limit, cursor?.s === 'new' ? cursor : null, fingerprint)
          : await listByPrice(
              filters,
              query.sort,
              query.limit,
              cursor && cursor.s !== 'new' ? cursor : null,
              fingerprint,
            );
      return {
        items: await withPhotos(await loadInOrder(page.rows)),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
    },

    async getPublic(id) {
      const row = await repository.findPublic(id);
      if (!row) throw notFound(`Listing ${id} not found`);
      const [property] = await withPhotos([row]);
      return property!;
    },
  };
}
