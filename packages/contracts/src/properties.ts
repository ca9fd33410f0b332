import { z } from 'zod';
import { ZNamedRef } from './locations';

/** The four kinds of listing, spelt as the spec's API spells them. */
export const ZPropertyType = z.enum(['Land', 'Rent', 'Apartment', 'HouseForSale']);
export type TPropertyType = z.infer<typeof ZPropertyType>;
export const PROPERTY_TYPES = ZPropertyType.options;

/** URL segment of each type, as the web routes (/lease, /land …) and the create path use it. */
export const PROPERTY_TYPE_SLUGS = {
  Land: 'land',
  Rent: 'lease',
  Apartment: 'apartment',
  HouseForSale: 'house-for-sale',
} as const satisfies Record<TPropertyType, string>;
export type TPropertyTypeSlug = (typeof PROPERTY_TYPE_SLUGS)[TPropertyType];
export const ZPropertyTypeSlug = z.enum(['land', 'lease', 'apartment', 'house-for-sale']);

export function propertyTypeFromSlug(slug: TPropertyTypeSlug): TPropertyType {
  const entry = Object.entries(PROPERTY_TYPE_SLUGS).find(([, s]) => s === slug);
  if (!entry) throw new Error(`unknown slug ${slug as string}`);
  return entry[0] as TPropertyType;
}

export const ZPropertyStatus = z.enum(['draft', 'pending', 'approved', 'rejected', 'archived']);
export type TPropertyStatus = z.infer<typeof ZPropertyStatus>;

/** Picture labels of the spec (section 3, Media). */
export const ZPictureLabel = z.enum([
  'picha_mbele',
  'picha_chumba',
  'picha_nje',
  'picha_sebule',
  'picha_jiko',
  'picha_choo',
  'picha_nyuma',
  'picha_kulia',
  'picha_kushoto',
]);
export type TPictureLabel = z.infer<typeof ZPictureLabel>;

/** Required photo slots per type (spec section 4). */
export const REQUIRED_PICTURE_LABELS = {
  Rent: ['picha_nje', 'picha_chumba', 'picha_sebule', 'picha_jiko', 'picha_choo'],
  Apartment: ['picha_nje', 'picha_chumba', 'picha_sebule', 'picha_jiko', 'picha_choo'],
  Land: ['picha_mbele', 'picha_nyuma', 'picha_kulia', 'picha_kushoto'],
  HouseForSale: [
    'picha_mbele',
    'picha_nyuma',
    'picha_kulia',
    'picha_kushoto',
    'picha_sebule',
    'picha_jiko',
    'picha_choo',
    'picha_chumba',
  ],
} as const satisfies Record<TPropertyType, readonly TPictureLabel[]>;

export const ZPropertySort = z.enum(['new', 'priceLowHigh', 'priceHighLow']);
export type TPropertySort = z.infer<typeof ZPropertySort>;

export const LIST_LIMIT_DEFAULT = 24;
export const LIST_LIMIT_MAX = 100;
/** Largest price a listing may carry, in TZS (1 trillion): far above any real property, well inside bigint. */
export const PRICE_TZS_MAX = 1_000_000_000_000;

const ZQueryPrice = z.coerce
  .number({ error: 'must be a whole number of TZS' })
  .int('must be a whole number of TZS')
  .min(0, 'must not be negative')
  .max(PRICE_TZS_MAX, `must be at most ${PRICE_TZS_MAX}`);

/** GET /api/properties query. `type` takes the spec's value (Rent) or the URL slug (lease). */
export const ZListPropertiesQuery = z
  .object({
    type: z.enum([...ZPropertyType.options, ...ZPropertyTypeSlug.options]).optional(),
    search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    minPrice: ZQueryPrice.optional(),
    maxPrice: ZQueryPrice.optional(),
    sort: ZPropertySort.default('new'),
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(LIST_LIMIT_MAX, `must be at most ${LIST_LIMIT_MAX}`)
      .default(LIST_LIMIT_DEFAULT),
    /** Opaque keyset cursor taken from the previous page's Link rel="next". */
    cursor: z.string().max(512, 'is not a valid cursor').optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'must not be greater than maxPrice',
    path: ['minPrice'],
  });
export type TListPropertiesQuery = z.infer<typeof ZListPropertiesQuery>;

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
 * The spec's media group: `name` is a brace-delimited, comma-separated quoted list of labels
 * ('{"picha_mbele","picha_nyuma"}') and `pictures` the URLs in the same order.
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
  photos: z.array(ZPhoto),
  /** ISO time a running or past promotion ends; null when never promoted. */
  promotionEndDate: z.string().nullable(),
  /** TZS, whatever the type: the same number as lotPrice / leasePrice / appartmentPrice / housePrice. */
  price: z.number().int(),
  status: ZPropertyStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
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
  /** Spelt so by the spec's API; `apartmentPrice` carries the same value for readers that spell it right. */
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

/** GET /api/properties: a JSON array; the next page is in the `Link: <…>; rel="next"` header. */
export const ZListPropertiesResponse = z.array(ZProperty);
/** GET /api/properties/{id} */
export const ZGetPropertyParams = z.object({ id: z.uuid('must be a listing id') });

/**
 * The spec's formatted address, used for display and as the search text:
 * 'Apartment X, House No. X, Plot No. X, Street X, Ward X, District X, Region X' (absent parts left out).
 * The database builds the same string for search (see the properties search_text trigger).
 */
export function formatPropertyAddress(address: TPropertyAddress | null): string {
  if (!address) return '';
  const parts = [
    address.apartmentNumber ? `Apartment ${address.apartmentNumber}` : null,
    address.houseNumber ? `House No. ${address.houseNumber}` : null,
    address.plotNumber ? `Plot No. ${address.plotNumber}` : null,
    `Street ${address.street.name}`,
    `Ward ${address.ward.name}`,
    `District ${address.district.name}`,
    `Region ${address.region.name}`,
  ];
  return parts.filter((p): p is string => p !== null).join(', ');
}

/** The media group name format of the spec: {"picha_mbele","picha_nyuma"}. */
export function mediaGroupName(labels: readonly string[]): string {
  return `{${labels.map((l) => `"${l}"`).join(',')}}`;
}
