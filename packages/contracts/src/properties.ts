import { z } from 'zod';
import { ZErrorResponse } from './common';
import { ZNamedRef } from './locations';
import {
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  PICTURE_LABELS,
  PRICE_TZS_MAX,
  PROPERTY_SORTS,
  PROPERTY_STATUSES,
  PROPERTY_TYPE_SLUG_VALUES,
  PROPERTY_TYPES,
} from './property-values';

/*
 * Zod schemas of the catalogue. Values and pure helpers live in property-values.ts so the browser
 * can use them without zod; import them from there.
 */

export const ZPropertyType = z.enum(PROPERTY_TYPES);
export const ZPropertyTypeSlug = z.enum(PROPERTY_TYPE_SLUG_VALUES);
export const ZPropertyStatus = z.enum(PROPERTY_STATUSES);
export const ZPictureLabel = z.enum(PICTURE_LABELS);
export const ZPropertySort = z.enum(PROPERTY_SORTS);

export const ZQueryPrice = z.coerce
  .number({ error: 'must be a whole number of TZS' })
  .int('must be a whole number of TZS')
  .min(0, 'must not be negative')
  .max(PRICE_TZS_MAX, `must be at most ${PRICE_TZS_MAX}`);

/** Listings on one page of a paged list: every public list is bounded by it. */
export const ZPageLimit = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(LIST_LIMIT_MAX, `must be at most ${LIST_LIMIT_MAX}`)
  .default(LIST_LIMIT_DEFAULT);

/** Opaque keyset cursor taken from the previous page's Link rel="next". */
export const ZPageCursor = z.string().max(512, 'is not a valid cursor').optional();

/** The catalogue's filters, as every public list and count takes them. */
const catalogueFilters = {
  type: z.enum([...ZPropertyType.options, ...ZPropertyTypeSlug.options]).optional(),
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  minPrice: ZQueryPrice.optional(),
  maxPrice: ZQueryPrice.optional(),
};
const priceRangeInOrder: [
  (q: { minPrice?: number | undefined; maxPrice?: number | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice,
  { message: 'must not be greater than maxPrice', path: ['minPrice'] },
];

/** GET /api/properties query. `type` takes a type value (Rent) or its URL slug (lease). */
export const ZListPropertiesQuery = z
  .object({
    ...catalogueFilters,
    sort: ZPropertySort.default('new'),
    limit: ZPageLimit,
    cursor: ZPageCursor,
  })
  .refine(...priceRangeInOrder);
export type TListPropertiesQuery = z.infer<typeof ZListPropertiesQuery>;

/** GET /api/properties/count query: the list's filters. */
export const ZCountPropertiesQuery = z.object(catalogueFilters).refine(...priceRangeInOrder);
export type TCountPropertiesQuery = z.infer<typeof ZCountPropertiesQuery>;

/**
 * GET /api/properties/count: how many listings the list with the same filters holds. Counted up to
 * PROPERTY_COUNT_CAP, so a count costs a bounded walk whatever the catalogue's size: `count` is
 * exact when `atLeast` is false, and a lower bound (the cap) when it is true.
 */
export const ZPropertyCountResponse = z.object({
  count: z.number().int().min(0),
  atLeast: z.boolean(),
});
export type TPropertyCountResponse = z.infer<typeof ZPropertyCountResponse>;

export const ZPropertyAddress = z.object({
  region: ZNamedRef,
  district: ZNamedRef,
  ward: ZNamedRef,
  street: ZNamedRef,
  apartmentNumber: z.string().nullable(),
  houseNumber: z.string().nullable(),
  plotNumber: z.string().nullable(),
});
export type TPropertyAddress = z.infer<typeof ZPropertyAddress>;

export const ZPhotoVariant = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  /**
   * The file's size in bytes, which data saver tells before a photo is loaded: given for the
   * narrowest variant (the one a data-saver tap loads) only, and not for photos stored before
   * sizes were recorded.
   */
  bytes: z.number().int().min(0).optional(),
});
export const ZPhoto = z.object({
  id: z.uuid(),
  label: ZPictureLabel,
  /** The mid-size variant: what a detail gallery shows when it cannot use srcset. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** WebP variants, narrowest first, for srcset. */
  variants: z.array(ZPhotoVariant),
});
export type TPhoto = z.infer<typeof ZPhoto>;

/**
 * A media group, as clients of the public API read it: `name` is a brace-delimited,
 * comma-separated quoted list of labels ('{"picha_mbele","picha_nyuma"}') and `pictures` the URLs
 * in the same order.
 */
export const ZMediaGroup = z.object({
  name: z.string(),
  pictures: z.array(z.string()),
});
export type TMediaGroup = z.infer<typeof ZMediaGroup>;

/** The publisher as the public sees them: never their phone number. */
export const ZPublisher = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
});

const ZPropertyCommon = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  ownerName: z.string(),
  publishedBy: ZPublisher,
  propertyAddress: ZPropertyAddress.nullable(),
  media: z.array(ZMediaGroup),
  /** In position order. In list responses only the cover (see ZListPropertiesResponse). */
  photos: z.array(ZPhoto),
  /** ISO time a running or past promotion ends; null when never promoted. */
  promotionEndDate: z.string().nullable(),
  /** TZS, whatever the type: the same number as lotPrice / leasePrice / appartmentPrice / housePrice. */
  price: z.number().int(),
  status: ZPropertyStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** ISO time its owner last said it is still available (publishing and approval count). */
  confirmedAt: z.string(),
  /** The contact number is one its publisher proved is theirs (their sign-in number or by a code). */
  contactVerified: z.boolean(),
});

const ZRooms = {
  numberOfBedrooms: z.number().int(),
  numberOfBathrooms: z.number().int(),
};
const ZServices = {
  distanceFromMainRoad: z.string(),
  isWaterServiceAvailable: z.boolean(),
  isElectricityServiceAvailable: z.boolean(),
};

export const ZLandProperty = ZPropertyCommon.extend({
  type: z.literal('Land'),
  lotPrice: z.number().int(),
  /** Metres. */
  lotWidth: z.number(),
  lotLength: z.number(),
  lotStatus: z.string(),
  ...ZServices,
});
export const ZRentProperty = ZPropertyCommon.extend({
  type: z.literal('Rent'),
  leasePrice: z.number().int(),
  /** Months. */
  leaseTerm: z.number().int(),
  ...ZRooms,
});
export const ZApartmentProperty = ZPropertyCommon.extend({
  type: z.literal('Apartment'),
  /**
   * Misspelt, as the published field name that clients use; `apartmentPrice` carries the same value
   * for readers that spell it right.
   */
  appartmentPrice: z.number().int(),
  apartmentPrice: z.number().int(),
  appartmentPriceTerm: z.string(),
  ...ZRooms,
});
export const ZHouseForSaleProperty = ZPropertyCommon.extend({
  type: z.literal('HouseForSale'),
  housePrice: z.number().int(),
  /** Square metres; null when the publisher gave none (shown as '--'). */
  squareFootage: z.number().nullable(),
  ...ZRooms,
  ...ZServices,
});

export const ZProperty = z.discriminatedUnion('type', [
  ZLandProperty,
  ZRentProperty,
  ZApartmentProperty,
  ZHouseForSaleProperty,
]);
export type TProperty = z.infer<typeof ZProperty>;
export type TLandProperty = z.infer<typeof ZLandProperty>;
export type TRentProperty = z.infer<typeof ZRentProperty>;
export type TApartmentProperty = z.infer<typeof ZApartmentProperty>;
export type THouseForSaleProperty = z.infer<typeof ZHouseForSaleProperty>;

/**
 * GET /api/properties: a JSON array; the next page is in the `Link: <…>; rel="next"` header.
 * Each item's `photos` holds only its cover, the one picture a card shows (the front photo,
 * picha_mbele, of Land and HouseForSale, otherwise the first photo; empty when there is none), so
 * a page stays small on 3G. `media` still lists every picture (a card counts them there). The
 * whole gallery comes from GET /api/properties/{id}.
 */
export const ZListPropertiesResponse = z.array(ZProperty);
/** GET /api/properties/{id} */
export const ZGetPropertyParams = z.object({ id: z.uuid('must be a listing id') });

/**
 * What the public may still know of a listing its owner marked rented or sold: enough to say what
 * happened and to offer similar listings of the same type and district. Nothing of the owner.
 */
export const ZTakenListing = z.object({
  id: z.uuid(),
  type: ZPropertyType,
  title: z.string(),
  takenAt: z.iso.datetime(),
  /** Its region and district; null as its propertyAddress was (given whole or not at all). */
  place: z.object({ region: ZNamedRef, district: ZNamedRef }).nullable(),
});
export type TTakenListing = z.infer<typeof ZTakenListing>;

/** GET /api/properties/{id}'s 410: the listing was rented or sold (code GONE). */
export const ZGoneListingResponse = ZErrorResponse.extend({ listing: ZTakenListing });
export type TGoneListingResponse = z.infer<typeof ZGoneListingResponse>;
