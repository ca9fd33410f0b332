/*
 * Rules of publishing a listing, free of zod so the create wizard can check a form exactly as the
 * API will without shipping a schema library. listings.ts builds its schemas from these.
 */
import { REQUIRED_PICTURE_LABELS, type TPictureLabel, type TPropertyType } from './property-values';

export const TITLE_MIN_LENGTH = 3;
export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const OWNER_NAME_MAX_LENGTH = 80;
/** lotStatus, distanceFromMainRoad, appartmentPriceTerm: short free text. */
export const SHORT_TEXT_MAX_LENGTH = 200;
export const ROOMS_MAX = 50;
export const LEASE_TERM_MAX_MONTHS = 120;
/** Metres per side of a plot; square metres of a house. Far above anything real. */
export const LOT_SIDE_MAX_METRES = 100_000;
export const FLOOR_AREA_MAX_SQM = 1_000_000;
export const ADDRESS_NUMBER_MAX_LENGTH = 30;

/** The owner's contact number on a listing: +255 or 0 and nine digits, as for a payer's phone. */
export const OWNER_PHONE_PATTERN = /^(\+255|0)\d{9}$/;

/** Upload limits the API enforces: a photo larger than these is refused before it is decoded. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTOS_PER_LISTING_MAX = 20;
/** Before uploading, the browser shrinks every photo to at most 1 MB and 1024 px a side. */
export const CLIENT_PHOTO_MAX_BYTES = 1024 * 1024;
export const CLIENT_PHOTO_MAX_SIDE = 1024;

/**
 * The name each type gives its price, as the public API spells it (`appartmentPrice` included: it
 * is the published field name that clients use). One column holds it (`price` in every answer);
 * this is the only table between the two.
 */
export const PRICE_FIELD = {
  Land: 'lotPrice',
  Rent: 'leasePrice',
  Apartment: 'appartmentPrice',
  HouseForSale: 'housePrice',
} as const satisfies Record<TPropertyType, string>;
export type TPriceField = (typeof PRICE_FIELD)[TPropertyType];

/**
 * The number field each type's address sends: a plot number for land, a house number for a house
 * (to rent or for sale), an apartment number for an apartment.
 */
export const ADDRESS_NUMBER_FIELD = {
  Land: 'plotNumber',
  Rent: 'houseNumber',
  HouseForSale: 'houseNumber',
  Apartment: 'apartmentNumber',
} as const satisfies Record<TPropertyType, 'plotNumber' | 'houseNumber' | 'apartmentNumber'>;

/** The required photo slots of `type` that `labels` does not fill yet, in slot order. */
export function missingPictureLabels(
  type: TPropertyType,
  labels: readonly string[],
): TPictureLabel[] {
  const have = new Set(labels);
  return REQUIRED_PICTURE_LABELS[type].filter((label) => !have.has(label));
}

/**
 * The states of an edit of an approved listing (the live version stays public meanwhile). draft:
 * the changed version misses a required photo, so it is not sent for review yet; pending: awaiting
 * review; rejected: an admin did not approve it.
 */
export const PENDING_CHANGE_STATUSES = ['draft', 'pending', 'rejected'] as const;
