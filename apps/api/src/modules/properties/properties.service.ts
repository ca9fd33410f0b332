import { missingPictureLabels, PRICE_FIELD } from '@makazi/contracts/listing-values';
import type {
  TPendingChange,
  TPublisherPropertiesQuery,
  TViewerProperty,
} from '@makazi/contracts/listings';
import {
  ZPropertyType,
  type TListPropertiesQuery,
  type TMediaGroup,
  type TPhoto,
  type TProperty,
  type TPropertyAddress,
  type TCountPropertiesQuery,
  type TPropertyCountResponse,
  type TTakenListing,
} from '@makazi/contracts/properties';
import {
  mediaGroupName,
  PROPERTY_COUNT_CAP,
  propertyTypeFromSlug,
  SEARCH_MIN_LENGTH,
  type TPictureLabel,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { notFound } from '../../lib/errors';
import { changedFields, changesAddress, proposedPhotos } from '../listings/pending-change';
import type { TtlCache } from '../../lib/ttl-cache';
import type { CatalogueGuard } from './catalogue-guard';
import {
  decodeCursor,
  decodePublisherCursor,
  encodeCursor,
  filtersFingerprint,
  publisherFingerprint,
  type NewCursor,
  type PriceCursor,
} from './properties.cursor';
import type {
  CardRow,
  CatalogueRepository,
  PublicFilters,
  PublisherDetailRow,
} from './catalogue.repository';
import type {
  PhotoRow,
  PropertiesRepository,
  PublicPropertyRow,
  PendingChangeRow,
  TakenListingRow,
  ViewerPropertyRow,
} from './properties.repository';

/** The variant a gallery shows without srcset: wide enough for a phone at 2x, small enough for 3G. */
const DISPLAY_WIDTH = 768;

/** A page of the public catalogue, as the JSON array the route sends. */
export interface PropertyPage {
  json: string;
  /** Opaque cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * A listing as its viewer may see it: its owner gets the owner view to serialize; anyone else
 * the stored public answer, ready to send.
 */
export type ViewedProperty =
  | { asOwner: true; property: TViewerProperty }
  | { asOwner: false; json: string }
  /** Rented or sold: what the public may still know of it, for a 410 that says so. */
  | { asOwner: false; taken: TTakenListing };

/** A page of a publisher's listings: the owner's own view, or the public answers ready to send. */
export type PublisherPage = (
  { asOwner: true; items: TViewerProperty[] } | { asOwner: false; json: string }
) & { nextCursor: string | null };

export interface PropertiesService {
  listPublic(query: TListPropertiesQuery): Promise<PropertyPage>;
  /** GET /api/properties/count: the ZPropertyCountResponse JSON, ready to send. */
  countPublic(query: TCountPropertiesQuery): Promise<string>;
  /**
   * GET /api/properties/{id} for a viewer who may be signed in: an approved listing as the
   * public sees it, or one of the viewer's own (any status but archived) with the owner fields.
   */
  getForViewer(id: string, viewerId: string | undefined): Promise<ViewedProperty>;
  /** The owner view of a listing of `ownerId`'s, after a write; 404 when it is gone. */
  getOwnerView(id: string, ownerId: string): Promise<TViewerProperty>;
  /**
   * GET /api/properties/publishers/{publisherId}: one page (see ZPublisherPropertiesResponse),
   * paged like the catalogue so a publisher with thousands of listings costs one page a request.
   */
  listByPublisher(
    publisherId: string,
    viewerId: string | undefined,
    page: TPublisherPropertiesQuery,
  ): Promise<PublisherPage>;
}

// What the storage gateway's key rules allow: nothing in such a key needs percent-encoding.
const PLAIN_KEY = /^[A-Za-z0-9._/-]+$/;

export function mediaUrl(key: string): string {
  if (PLAIN_KEY.test(key)) return `/media/${key}`;
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** A personal list's thumbnail (properties.repository thumbnailKey) as a URL; null without one. */
export function thumbnailUrl(key: string | null): string | null {
  return key === null ? null : mediaUrl(key);
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

type ShownVariant = TPhoto['variants'][number];

/**
 * The variant a photo is shown in without srcset: the widest at most DISPLAY_WIDTH (the last of
 * equal widths), else the narrowest (the first of equal widths). One pass, no sorting and no URLs:
 * the media group needs only this one URL per photo, and a list page has about 130 photos.
 */
function displayVariant(variants: PhotoRow['variants']): PhotoRow['variants'][number] | undefined {
  let fitting: PhotoRow['variants'][number] | undefined;
  let narrowest: PhotoRow['variants'][number] | undefined;
  for (const variant of variants) {
    if (variant.width <= DISPLAY_WIDTH && (!fitting || variant.width >= fitting.width)) {
      fitting = variant;
    }
    if (!narrowest || variant.width < narrowest.width) narrowest = variant;
  }
  return fitting ?? narrowest;
}

const toShown = (variant: PhotoRow['variants'][number]): ShownVariant => ({
  width: variant.width,
  height: variant.height,
  url: mediaUrl(variant.key),
});

/**
 * The narrowest variant with its size when it was recorded: the file data saver loads on a tap,
 * whose cost the gallery tells. The larger variants' sizes stay out of the answer: nobody reads
 * them, and on a list page of about 130 photos they would cost about 1 KB after compression.
 */
const toShownNarrowest = (variant: PhotoRow['variants'][number]): ShownVariant =>
  variant.bytes === undefined ? toShown(variant) : { ...toShown(variant), bytes: variant.bytes };

/** A photo's variants as URLs, narrowest first, and the one shown without srcset. */
function shown(
  variants: PhotoRow['variants'],
): { variants: ShownVariant[]; display: ShownVariant } | undefined {
  const display = displayVariant(variants);
  // A photo without variants cannot be shown; leaving it out beats failing the whole page.
  if (!display) return undefined;
  const sorted = [...variants]
    .sort((a, b) => a.width - b.width)
    .map((variant, index) => (index === 0 ? toShownNarrowest(variant) : toShown(variant)));
  return { variants: sorted, display: toShown(display) };
}

function toPhoto(row: PhotoRow): TPhoto | undefined {
  const photo = shown(row.variants);
  if (!photo) return undefined;
  return {
    id: row.id,
    label: row.label,
    url: photo.display.url,
    width: photo.display.width,
    height: photo.display.height,
    variants: photo.variants,
  };
}

/** The one media group: every showable photo's label and display URL, in position order. */
function toMedia(pictures: PhotoRow[]): TMediaGroup[] {
  const labels: TPictureLabel[] = [];
  const urls: string[] = [];
  for (const picture of pictures) {
    const display = displayVariant(picture.variants);
    if (!display) continue;
    labels.push(picture.label);
    urls.push(mediaUrl(display.key));
  }
  return urls.length === 0 ? [] : [{ name: mediaGroupName(labels), pictures: urls }];
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

/**
 * A listing as the contract writes it: with every photo (`all`, a listing by id), or with only the
 * photo its card shows (`cover`, a list page).
 */
export function toProperty(row: PublicPropertyRow, photoSet: 'cover' | 'all'): TProperty {
  const shownPhotos =
    photoSet === 'all' ? row.photos : row.photos.filter((photo) => photo.id === row.coverPhotoId);
  const photos = shownPhotos.map(toPhoto).filter((p): p is TPhoto => p !== undefined);
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
    // From every photo even when `photos` holds only the cover: a card counts its pictures here.
    media: toMedia(row.photos),
    photos,
    promotionEndDate: row.promotionEndsAt,
    price: row.priceTzs,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    confirmedAt: row.confirmedAt,
    contactVerified: row.contactVerified,
  };
  const id = row.id;
  switch (row.type) {
    case 'Land':
      return {
        ...common,
        type: 'Land',
        [PRICE_FIELD.Land]: row.priceTzs,
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
        [PRICE_FIELD.Rent]: row.priceTzs,
        leaseTerm: present(row.leaseTermMonths, 'lease_term_months', id),
        numberOfBedrooms: present(row.numberOfBedrooms, 'number_of_bedrooms', id),
        numberOfBathrooms: present(row.numberOfBathrooms, 'number_of_bathrooms', id),
      };
    case 'Apartment':
      return {
        ...common,
        type: 'Apartment',
        [PRICE_FIELD.Apartment]: row.priceTzs,
        // The right spelling, beside the published `appartmentPrice` that clients read.
        apartmentPrice: row.priceTzs,
        appartmentPriceTerm: present(row.apartmentPriceTerm, 'apartment_price_term', id),
        numberOfBedrooms: present(row.numberOfBedrooms, 'number_of_bedrooms', id),
        numberOfBathrooms: present(row.numberOfBathrooms, 'number_of_bathrooms', id),
      };
    case 'HouseForSale':
      return {
        ...common,
        type: 'HouseForSale',
        [PRICE_FIELD.HouseForSale]: row.priceTzs,
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

/**
 * A listing with the fields only its owner sees: the contact number, why it was rejected, and
 * which required photo slots are still empty.
 */
/**
 * The owner's edit of their live listing, with the listing as it will read once approved: the
 * live row with the change's columns (and place names) over it, and the changed photos.
 */
function toPendingChange(row: ViewerPropertyRow, change: PendingChangeRow): TPendingChange {
  const photos = proposedPhotos(row.photos, change);
  const { regionName, districtName, wardName, streetName } = change;
  const proposed = {
    ...row,
    ...change.changes,
    ...(changesAddress(change) ? { regionName, districtName, wardName, streetName } : {}),
    photos,
  };
  return {
    status: change.status,
    rejectionReason: change.status === 'rejected' ? change.rejectionReason : null,
    updatedAt: change.updatedAt,
    changedFields: changedFields(change),
    addedPhotoIds: change.addedPhotos.map((photo) => photo.id),
    removedPhotoIds: change.removedPhotoIds,
    missingPictureLabels: missingPictureLabels(
      row.type,
      photos.map((photo) => photo.label),
    ),
    proposed: toProperty(proposed, 'all'),
    ownerPhoneNumber: present(proposed.ownerPhoneNumber, 'owner_phone_number', row.id),
  };
}

export function toOwnerProperty(row: ViewerPropertyRow): TViewerProperty {
  return {
    ...toProperty(row, 'all'),
    pendingChange: row.pendingChange ? toPendingChange(row, row.pendingChange) : null,
    ownerPhoneNumber: present(row.ownerPhoneNumber, 'owner_phone_number', row.id),
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    missingPictureLabels: missingPictureLabels(
      row.type,
      row.photos.map((photo) => photo.label),
    ),
    visibility: row.visibility,
    takenAt: row.takenAt,
    contactViews: { last7Days: row.contactViews7 ?? 0, last30Days: row.contactViews30 ?? 0 },
  };
}

function isOwnerRow(row: PublicPropertyRow | ViewerPropertyRow): row is ViewerPropertyRow {
  return 'viewerIsOwner' in row && row.viewerIsOwner;
}

const listingNotFound = (id: string) => notFound(`Listing ${id} not found`);

/** The filters a list or a count runs with, as the query named them. */
function publicFilters(query: TCountPropertiesQuery): PublicFilters {
  return {
    type: query.type === undefined ? undefined : toType(query.type),
    search: searchText(query.search),
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
  };
}

function toTakenListing(row: TakenListingRow): TTakenListing {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    takenAt: row.takenAt,
    // An address is given whole or not at all: a region means a district.
    place:
      row.regionId === null || row.districtId === null
        ? null
        : {
            region: { id: row.regionId, name: row.regionName ?? '' },
            district: { id: row.districtId, name: row.districtName ?? '' },
          },
  };
}

/**
 * The text a search runs with: none when it is shorter than SEARCH_MIN_LENGTH (the contract has
 * trimmed it, so an all-blank search is none too), as one or two letters would make the database
 * scan most listings to filter almost none out.
 */
function searchText(search: string | undefined): string | undefined {
  return search !== undefined && search.length >= SEARCH_MIN_LENGTH ? search : undefined;
}

/** A JSON array of ready-written elements. */
const jsonArray = (elements: string[]): string => `[${elements.join(',')}]`;

export function createPropertiesService(
  sources: {
    /** The read model the public catalogue is answered from (decision 032). */
    catalogue: CatalogueRepository;
    /** Listings from their source rows on the catalogue's connections: an owner's own views. */
    listings: PropertiesRepository;
    /**
     * Where the owner view after a write is read: the connections the write used, never the
     * catalogue's, so a write already done is never answered with a busy catalogue's 503.
     */
    ownerListings?: PropertiesRepository;
  },
  options: {
    /** Public catalogue pages by query (decision 014); writes clear it (plugins/catalogue-cache). */
    pageCache?: TtlCache<PropertyPage>;
    /** Bounds what public reads cost (catalogue-guard.ts); unset: unbounded (tools, tests). */
    guard?: CatalogueGuard;
  } = {},
): PropertiesService {
  const { catalogue, listings } = sources;
  const ownerListings = sources.ownerListings ?? listings;
  const guarded = <T>(query: () => Promise<T>): Promise<T> =>
    options.guard ? options.guard.run(query) : query();
  const lookedUp = <T>(query: () => Promise<T>): Promise<T> =>
    options.guard ? options.guard.lookup(query) : query();

  /*
   * sort=new: listings with a running promotion first, then the rest newest first (created_at
   * desc, id desc). Promoted listings are ordered by when their promotion ends, latest first: the
   * longest and most recently bought promotions lead, and the order comes straight from
   * catalogue_entries_promoted_idx read backwards, so the first phase reads about one page of
   * index entries even when thousands of promotions run (ordering them by created_at would sort
   * every running promotion on each request). The second phase walks
   * catalogue_entries_(type_)new_idx. Each phase has its own keyset, (promotion_ends_at, id) then
   * (created_at, id), and the cursor records the phase of the last row shown.
   */
  async function listNewest(
    filters: PublicFilters,
    limit: number,
    cursor: NewCursor | null,
    fingerprint: string,
  ): Promise<{ rows: CardRow[]; next: NewCursor | null }> {
    const at = cursor ? new Date(cursor.at) : new Date();
    const start = {
      phase: cursor?.ph === 'rest' ? (1 as const) : (0 as const),
      after: cursor?.k ? { at: cursor.k[0], id: cursor.k[1] } : null,
    };
    const fetched = await guarded(() => catalogue.listNewest(filters, at, start, limit + 1));
    const rows = fetched.slice(0, limit);
    const last = rows.at(-1);
    const next: NewCursor | null =
      fetched.length > limit && last
        ? {
            v: 1,
            s: 'new',
            f: fingerprint,
            at: at.getTime(),
            ph: last.phase === 0 ? 'promoted' : 'rest',
            k: [last.sortKey, last.id],
          }
        : null;
    return { rows, next };
  }

  async function listByPrice(
    filters: PublicFilters,
    sort: PriceCursor['s'],
    limit: number,
    cursor: PriceCursor | null,
    fingerprint: string,
  ): Promise<{ rows: CardRow[]; next: PriceCursor | null }> {
    const after = cursor ? { price: cursor.k[0], id: cursor.k[1] } : null;
    const direction = sort === 'priceLowHigh' ? 'asc' : 'desc';
    const fetched = await guarded(() =>
      catalogue.listByPrice(filters, direction, after, limit + 1),
    );
    const rows = fetched.slice(0, limit);
    const last = rows.at(-1);
    const next: PriceCursor | null =
      fetched.length > limit && last
        ? { v: 1, s: sort, f: fingerprint, k: [last.price, last.id] }
        : null;
    return { rows, next };
  }

  async function listPublic(query: TListPropertiesQuery): Promise<PropertyPage> {
    const filters = publicFilters(query);
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
      json: jsonArray(page.rows.map((row) => row.card)),
      nextCursor: page.next ? encodeCursor(page.next) : null,
    };
  }

  async function ownerView(
    repository: PropertiesRepository,
    id: string,
    ownerId: string,
  ): Promise<TViewerProperty | undefined> {
    const row = await repository.findForViewer(id, ownerId);
    return row && isOwnerRow(row) ? toOwnerProperty(row) : undefined;
  }

  async function countPublic(query: TCountPropertiesQuery): Promise<string> {
    const counted = await guarded(() =>
      catalogue.countListed(publicFilters(query), PROPERTY_COUNT_CAP),
    );
    const answer: TPropertyCountResponse =
      counted > PROPERTY_COUNT_CAP
        ? { count: PROPERTY_COUNT_CAP, atLeast: true }
        : { count: counted, atLeast: false };
    return JSON.stringify(answer);
  }

  return {
    async countPublic(query) {
      if (!options.pageCache) return countPublic(query);
      // In the pages' cache, so a write forgets counts with the pages (the same filters' count).
      const key = JSON.stringify({ count: publicFilters(query) });
      const kept = await options.pageCache.get(key, async () => ({
        json: await countPublic(query),
        nextCursor: null,
      }));
      return kept.json;
    },

    listPublic(query) {
      if (!options.pageCache) return listPublic(query);
      // Every input that shapes the page, in a fixed order: equal queries share one entry. Typed
      // against the query contract, so a field added to it must be added here to compile.
      const parts: Record<keyof TListPropertiesQuery, unknown> = {
        type: query.type,
        // As the query runs it: every too-short search shares the unfiltered page's entry.
        search: searchText(query.search),
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
        sort: query.sort,
        limit: query.limit,
        cursor: query.cursor,
      };
      const key = JSON.stringify(parts);
      return options.pageCache.get(key, () => listPublic(query));
    },

    async getForViewer(id, viewerId) {
      const stored = await lookedUp(() => catalogue.findDetail(id));
      // The public answer, unless the viewer published it: they get their own view.
      if (stored && stored.publishedBy !== viewerId) return { asOwner: false, json: stored.detail };
      // Only a signed-in viewer's own listing is left to find (in any status but archived).
      const own =
        viewerId === undefined
          ? undefined
          : await lookedUp(() => ownerView(listings, id, viewerId));
      if (own) return { asOwner: true, property: own };
      // A listing people may still hold a link to (a favourite, a share, an alert) that was
      // rented or sold says so, rather than "not found", which reads like it never existed.
      const taken = await lookedUp(() => listings.findTaken(id));
      if (taken) return { asOwner: false, taken: toTakenListing(taken) };
      throw listingNotFound(id);
    },

    async getOwnerView(id, ownerId) {
      const own = await ownerView(ownerListings, id, ownerId);
      if (!own) throw listingNotFound(id);
      return own;
    },

    async listByPublisher(publisherId, viewerId, { limit, cursor }) {
      const asOwner = viewerId === publisherId;
      const fingerprint = publisherFingerprint(publisherId, asOwner);
      const decoded = cursor ? decodePublisherCursor(cursor, fingerprint) : null;
      const after = decoded ? { at: decoded.k[0], id: decoded.k[1] } : null;
      const nextCursor = (fetched: { id: string; sortKey: string }[]): string | null => {
        const last = fetched.at(limit - 1);
        return fetched.length > limit && last
          ? encodeCursor({ v: 1, s: 'publisher', f: fingerprint, k: [last.sortKey, last.id] })
          : null;
      };
      if (asOwner) {
        const fetched = await guarded(() => listings.listOwn(publisherId, after, limit + 1));
        return {
          asOwner: true,
          items: fetched.slice(0, limit).map(toOwnerProperty),
          nextCursor: nextCursor(fetched),
        };
      }
      const fetched: PublisherDetailRow[] = await guarded(() =>
        catalogue.listPublisherDetails(publisherId, after, limit + 1),
      );
      return {
        asOwner: false,
        json: jsonArray(fetched.slice(0, limit).map((row) => row.detail)),
        nextCursor: nextCursor(fetched),
      };
    },
  };
}
