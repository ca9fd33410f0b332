/*
 * The catalogue's values and pure helpers, free of zod so the browser can import them without
 * shipping a schema library on the first visit. properties.ts builds its schemas from these.
 */

/** The four kinds of listing, spelt as the public API spells them (clients depend on these). */
export const PROPERTY_TYPES = ['Land', 'Rent', 'Apartment', 'HouseForSale'] as const;
export type TPropertyType = (typeof PROPERTY_TYPES)[number];

/** URL segment of each type, as the web routes (/lease, /land …) and the create path use it. */
export const PROPERTY_TYPE_SLUGS = {
  Land: 'land',
  Rent: 'lease',
  Apartment: 'apartment',
  HouseForSale: 'house-for-sale',
} as const satisfies Record<TPropertyType, string>;
export type TPropertyTypeSlug = (typeof PROPERTY_TYPE_SLUGS)[TPropertyType];
export const PROPERTY_TYPE_SLUG_VALUES = ['land', 'lease', 'apartment', 'house-for-sale'] as const;

export function propertyTypeFromSlug(slug: TPropertyTypeSlug): TPropertyType {
  const type = PROPERTY_TYPES.find((t) => PROPERTY_TYPE_SLUGS[t] === slug);
  if (!type) throw new Error(`unknown slug ${slug as string}`);
  return type;
}

export const PROPERTY_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'archived'] as const;
export type TPropertyStatus = (typeof PROPERTY_STATUSES)[number];

/**
 * The photo slot labels, in Swahili (picha: photo): mbele front, chumba room, nje outside, sebule
 * sitting room, jiko kitchen, choo toilet, nyuma back, kulia right side, kushoto left side. Clients
 * send and read these exact values.
 */
export const PICTURE_LABELS = [
  'picha_mbele',
  'picha_chumba',
  'picha_nje',
  'picha_sebule',
  'picha_jiko',
  'picha_choo',
  'picha_nyuma',
  'picha_kulia',
  'picha_kushoto',
] as const;
export type TPictureLabel = (typeof PICTURE_LABELS)[number];

/** The photo slots each type must fill before it goes to review. */
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

/**
 * The photo that stands for a listing (its card, its link preview, the first of its gallery): its
 * type's first slot in the wizard, the outside of a house to rent or an apartment, the front of a
 * plot or a house for sale. Never the bedroom because it happened to finish uploading first.
 */
export function coverPictureLabel(type: TPropertyType): TPictureLabel {
  return REQUIRED_PICTURE_LABELS[type][0];
}

/**
 * A label's place in the wizard's order for `type`: its slot's, and after every slot a label the
 * type does not ask for. Photos are kept in this order, whichever finished uploading first.
 */
export function pictureSlotRank(type: TPropertyType, label: TPictureLabel): number {
  const slots: readonly TPictureLabel[] = REQUIRED_PICTURE_LABELS[type];
  const slot = slots.indexOf(label);
  return slot >= 0 ? slot : slots.length + PICTURE_LABELS.indexOf(label);
}

export const PROPERTY_SORTS = ['new', 'priceLowHigh', 'priceHighLow'] as const;
export type TPropertySort = (typeof PROPERTY_SORTS)[number];

/**
 * The shortest search text the catalogue acts on. One or two letters match most listings and no
 * index can narrow them cheaply, so a shorter text is ignored: the page is the same as without
 * it, at the same cost, and the web app asks for more letters instead of searching.
 */
export const SEARCH_MIN_LENGTH = 3;

/** The most listings a count counts (GET /api/properties/count): past it, "10,000+". */
export const PROPERTY_COUNT_CAP = 10_000;

export const LIST_LIMIT_DEFAULT = 24;
export const LIST_LIMIT_MAX = 100;
/** Largest price a listing may carry, in TZS (1 trillion): far above any real property, well inside bigint. */
export const PRICE_TZS_MAX = 1_000_000_000_000;

/** The address parts formatPropertyAddress reads (ZPropertyAddress has this shape). */
export interface AddressParts {
  region: { name: string };
  district: { name: string };
  ward: { name: string };
  street: { name: string };
  apartmentNumber: string | null;
  houseNumber: string | null;
  plotNumber: string | null;
}

/**
 * The formatted address, used for display and as the search text, its parts in this order:
 * 'Apartment X, House No. X, Plot No. X, Street X, Ward X, District X, Region X' (absent parts left out).
 * The database builds the same string for search (see the properties search_text trigger).
 */
export function formatPropertyAddress(address: AddressParts | null): string {
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

/**
 * A media group's name: its labels, quoted, comma-separated, in braces:
 * {"picha_mbele","picha_nyuma"}.
 */
export function mediaGroupName(labels: readonly string[]): string {
  return `{${labels.map((l) => `"${l}"`).join(',')}}`;
}
