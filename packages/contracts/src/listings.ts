import { z } from 'zod';
import {
  ADDRESS_NUMBER_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  FLOOR_AREA_MAX_SQM,
  LEASE_TERM_MAX_MONTHS,
  LOT_SIDE_MAX_METRES,
  OWNER_NAME_MAX_LENGTH,
  OWNER_PHONE_PATTERN,
  ROOMS_MAX,
  SHORT_TEXT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from './listing-values';
import {
  ZApartmentProperty,
  ZHouseForSaleProperty,
  ZLandProperty,
  ZPictureLabel,
  ZPropertyTypeSlug,
  ZRentProperty,
} from './properties';
import { PRICE_TZS_MAX } from './property-values';

/*
 * Publishing calls (spec 7): create by type, address, media, the publisher's list, edit, delete.
 * Field names are the spec's. Numbers must be JSON numbers: a form that sends "3" gets a 400 naming
 * the field rather than a guess.
 */

const text = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

const ZPrice = z
  .number({ error: 'must be a whole number of TZS' })
  .int('must be a whole number of TZS')
  .positive('must be more than 0')
  .max(PRICE_TZS_MAX, `must be at most ${PRICE_TZS_MAX}`);
const ZRoomCount = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(ROOMS_MAX, `must be at most ${ROOMS_MAX}`);
const ZMetres = z
  .number({ error: 'must be a number of metres' })
  .positive('must be more than 0')
  .max(LOT_SIDE_MAX_METRES, `must be at most ${LOT_SIDE_MAX_METRES}`);

const ZDetailsCommon = {
  title: z
    .string()
    .trim()
    .min(TITLE_MIN_LENGTH, `must be at least ${TITLE_MIN_LENGTH} characters`)
    .max(TITLE_MAX_LENGTH, `must be at most ${TITLE_MAX_LENGTH} characters`),
  description: text(DESCRIPTION_MAX_LENGTH),
  ownerName: text(OWNER_NAME_MAX_LENGTH),
  ownerPhoneNumber: z
    .string()
    .trim()
    .regex(OWNER_PHONE_PATTERN, 'must be +255 or 0 followed by 9 digits'),
  /** Accepted for the spec's client and ignored: the publisher is always the signed-in user. */
  publishedBy: z.unknown().optional(),
};
const ZRoomFields = { numberOfBedrooms: ZRoomCount, numberOfBathrooms: ZRoomCount };
const ZServiceFields = {
  distanceFromMainRoad: text(SHORT_TEXT_MAX_LENGTH),
  isWaterServiceAvailable: z.boolean().default(false),
  isElectricityServiceAvailable: z.boolean().default(false),
};

export const ZLandDetails = z.object({
  ...ZDetailsCommon,
  lotPrice: ZPrice,
  lotWidth: ZMetres,
  lotLength: ZMetres,
  lotStatus: text(SHORT_TEXT_MAX_LENGTH),
  ...ZServiceFields,
});
export const ZRentDetails = z.object({
  ...ZDetailsCommon,
  leasePrice: ZPrice,
  ...ZRoomFields,
  leaseTerm: z
    .number({ error: 'must be a whole number of months' })
    .int('must be a whole number of months')
    .min(1, 'must be at least 1 month')
    .max(LEASE_TERM_MAX_MONTHS, `must be at most ${LEASE_TERM_MAX_MONTHS} months`),
});
export const ZApartmentDetails = z.object({
  ...ZDetailsCommon,
  appartmentPrice: ZPrice,
  ...ZRoomFields,
  appartmentPriceTerm: text(SHORT_TEXT_MAX_LENGTH),
});
export const ZHouseForSaleDetails = z.object({
  ...ZDetailsCommon,
  housePrice: ZPrice,
  ...ZRoomFields,
  squareFootage: z
    .number({ error: 'must be a number of square metres' })
    .positive('must be more than 0')
    .max(FLOOR_AREA_MAX_SQM, `must be at most ${FLOOR_AREA_MAX_SQM}`)
    .nullable()
    .optional(),
  ...ZServiceFields,
});

/** The details schema of each type, by the type value. */
export const ZDetailsByType = {
  Land: ZLandDetails,
  Rent: ZRentDetails,
  Apartment: ZApartmentDetails,
  HouseForSale: ZHouseForSaleDetails,
} as const;

/** POST /api/properties/{lease|land|apartment|house-for-sale}: the slug decides the type. */
export const ZCreatePropertyParams = z.object({ slug: ZPropertyTypeSlug });
/**
 * The body is checked against the slug's details schema by the service (a 400 names the field);
 * `type`, when sent, must be the slug's type.
 */
export const ZCreatePropertyBody = z.looseObject({ type: z.string().optional() });
export type TLandDetails = z.infer<typeof ZLandDetails>;
export type TRentDetails = z.infer<typeof ZRentDetails>;
export type TApartmentDetails = z.infer<typeof ZApartmentDetails>;
export type THouseForSaleDetails = z.infer<typeof ZHouseForSaleDetails>;

const ZAddressNumber = z
  .string()
  .trim()
  .max(ADDRESS_NUMBER_MAX_LENGTH, `must be at most ${ADDRESS_NUMBER_MAX_LENGTH} characters`)
  .optional();
const ZLocationId = z
  .number({ error: 'must be a location id' })
  .int('must be a location id')
  .positive('must be a location id')
  .max(2_147_483_647, 'must be a location id');

/**
 * POST /api/properties/{id}/address: the four levels must form one chain (the street in the ward,
 * the ward in the district, the district in the region); the number field is the type's
 * (ADDRESS_NUMBER_FIELD): plotNumber, houseNumber or apartmentNumber.
 */
export const ZAddressBody = z.object({
  regionId: ZLocationId,
  districtId: ZLocationId,
  wardId: ZLocationId,
  streetId: ZLocationId,
  plotNumber: ZAddressNumber,
  houseNumber: ZAddressNumber,
  apartmentNumber: ZAddressNumber,
});
export type TAddressBody = z.infer<typeof ZAddressBody>;

export const ZPropertyIdParams = z.object({ id: z.uuid('must be a listing id') });

/**
 * PATCH /api/properties/{id}: any of the listing's detail fields (checked against its type's
 * schema), its address, and its photos (remove some, then put the rest in a new order). Photos
 * are added with POST /api/properties/{id}/media.
 */
export const ZUpdatePropertyBody = z.looseObject({
  address: ZAddressBody.optional(),
  removePhotoIds: z.array(z.uuid('must be photo ids')).max(50).optional(),
  /** Every remaining photo id exactly once, in the new order. */
  photoOrder: z.array(z.uuid('must be photo ids')).max(50).optional(),
});
export type TUpdatePropertyBody = z.infer<typeof ZUpdatePropertyBody>;

/** What only the listing's owner sees of it; absent for everyone else. */
const ZOwnerFields = {
  ownerPhoneNumber: z.string().optional(),
  /** Why an admin did not approve it; null when not rejected. */
  rejectionReason: z.string().nullable().optional(),
  /** Required photo slots still empty: a draft becomes pending once none are left and it has an address. */
  missingPictureLabels: z.array(ZPictureLabel).optional(),
};

/**
 * A listing as its viewer may see it: the public shape, plus ZOwnerFields when the viewer owns
 * it. GET /api/properties/{id} with the owner's token, the publisher list, and every write answer
 * with it.
 */
export const ZViewerProperty = z.discriminatedUnion('type', [
  ZLandProperty.extend(ZOwnerFields),
  ZRentProperty.extend(ZOwnerFields),
  ZApartmentProperty.extend(ZOwnerFields),
  ZHouseForSaleProperty.extend(ZOwnerFields),
]);
export type TViewerProperty = z.infer<typeof ZViewerProperty>;

/** GET /api/properties/publishers/{publisherId} */
export const ZPublisherParams = z.object({ publisherId: z.uuid('must be a user id') });
/** The owner: every listing but deleted ones, newest first; anyone else: the approved ones. */
export const ZPublisherPropertiesResponse = z.array(ZViewerProperty);

/** DELETE /api/properties/{id} */
export const ZDeletePropertyResponse = z.object({ id: z.uuid(), status: z.literal('archived') });
