import { z } from 'zod';
import { LISTING_VISIBILITIES } from './trust-values';
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
  PRICE_FIELD,
  PENDING_CHANGE_STATUSES,
} from './listing-values';
import {
  ZApartmentProperty,
  ZHouseForSaleProperty,
  ZLandProperty,
  ZPageCursor,
  ZPageLimit,
  ZPictureLabel,
  ZProperty,
  ZPropertyTypeSlug,
  ZRentProperty,
} from './properties';
import { PRICE_TZS_MAX, type TPropertyType } from './property-values';

/*
 * Publishing calls: create by type, address, media, the publisher's list, edit, delete. Field
 * names are the public API's, which clients depend on (`appartmentPrice` included). Numbers must
 * be JSON numbers: a form that sends "3" gets a 400 naming the field rather than a guess.
 */

/**
 * A field's type error: a missing field "is required" whatever its type, a wrong one `message`
 * (rather than zod's "Invalid input: expected number, received string").
 */
const wrongType = (message: string): { error: z.core.$ZodErrorMap } => ({
  error: (issue) => (issue.input === undefined ? 'is required' : message),
});

const text = (max: number) =>
  z
    .string(wrongType('must be text'))
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

const ZPrice = z
  .number(wrongType('must be a whole number of TZS'))
  .int('must be a whole number of TZS')
  .positive('must be more than 0')
  .max(PRICE_TZS_MAX, `must be at most ${PRICE_TZS_MAX}`);
const ZRoomCount = z
  .number(wrongType('must be a whole number'))
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(ROOMS_MAX, `must be at most ${ROOMS_MAX}`);
const ZMetres = z
  .number(wrongType('must be a number of metres'))
  .positive('must be more than 0')
  .max(LOT_SIDE_MAX_METRES, `must be at most ${LOT_SIDE_MAX_METRES}`);
const ZFlag = z.boolean(wrongType('must be true or false'));

/** Every detail field of every type, each defined once: the type schemas and the edit pick from it. */
const DETAIL_FIELD = {
  title: z
    .string(wrongType('must be text'))
    .trim()
    .min(TITLE_MIN_LENGTH, `must be at least ${TITLE_MIN_LENGTH} characters`)
    .max(TITLE_MAX_LENGTH, `must be at most ${TITLE_MAX_LENGTH} characters`),
  description: text(DESCRIPTION_MAX_LENGTH),
  ownerName: text(OWNER_NAME_MAX_LENGTH),
  ownerPhoneNumber: z
    .string(wrongType('must be text'))
    .trim()
    .regex(OWNER_PHONE_PATTERN, 'must be +255 or 0 followed by 9 digits'),
  /**
   * Accepted, since clients written for the original API send it, and ignored: the publisher is
   * always the signed-in user.
   */
  publishedBy: z.unknown().optional(),
  [PRICE_FIELD.Land]: ZPrice,
  [PRICE_FIELD.Rent]: ZPrice,
  [PRICE_FIELD.Apartment]: ZPrice,
  [PRICE_FIELD.HouseForSale]: ZPrice,
  lotWidth: ZMetres,
  lotLength: ZMetres,
  lotStatus: text(SHORT_TEXT_MAX_LENGTH),
  distanceFromMainRoad: text(SHORT_TEXT_MAX_LENGTH),
  isWaterServiceAvailable: ZFlag,
  isElectricityServiceAvailable: ZFlag,
  numberOfBedrooms: ZRoomCount,
  numberOfBathrooms: ZRoomCount,
  leaseTerm: z
    .number(wrongType('must be a whole number of months'))
    .int('must be a whole number of months')
    .min(1, 'must be at least 1 month')
    .max(LEASE_TERM_MAX_MONTHS, `must be at most ${LEASE_TERM_MAX_MONTHS} months`),
  appartmentPriceTerm: text(SHORT_TEXT_MAX_LENGTH),
  squareFootage: z
    .number(wrongType('must be a number of square metres'))
    .positive('must be more than 0')
    .max(FLOOR_AREA_MAX_SQM, `must be at most ${FLOOR_AREA_MAX_SQM}`)
    .nullable()
    .optional(),
};

const F = DETAIL_FIELD;
const commonFields = {
  title: F.title,
  description: F.description,
  ownerName: F.ownerName,
  ownerPhoneNumber: F.ownerPhoneNumber,
  publishedBy: F.publishedBy,
};
const roomFields = { numberOfBedrooms: F.numberOfBedrooms, numberOfBathrooms: F.numberOfBathrooms };
/** Unticked service boxes may be left out of a new listing. */
const serviceFields = {
  distanceFromMainRoad: F.distanceFromMainRoad,
  isWaterServiceAvailable: F.isWaterServiceAvailable.default(false),
  isElectricityServiceAvailable: F.isElectricityServiceAvailable.default(false),
};

export const ZLandDetails = z.object({
  ...commonFields,
  lotPrice: F.lotPrice,
  lotWidth: F.lotWidth,
  lotLength: F.lotLength,
  lotStatus: F.lotStatus,
  ...serviceFields,
});
export const ZRentDetails = z.object({
  ...commonFields,
  leasePrice: F.leasePrice,
  ...roomFields,
  leaseTerm: F.leaseTerm,
});
export const ZApartmentDetails = z.object({
  ...commonFields,
  appartmentPrice: F.appartmentPrice,
  ...roomFields,
  appartmentPriceTerm: F.appartmentPriceTerm,
});
export const ZHouseForSaleDetails = z.object({
  ...commonFields,
  housePrice: F.housePrice,
  ...roomFields,
  squareFootage: F.squareFootage,
  ...serviceFields,
});

/** The details schema of each type, by the type value. */
export const ZDetailsByType = {
  Land: ZLandDetails,
  Rent: ZRentDetails,
  Apartment: ZApartmentDetails,
  HouseForSale: ZHouseForSaleDetails,
} as const;
export type TLandDetails = z.infer<typeof ZLandDetails>;
export type TRentDetails = z.infer<typeof ZRentDetails>;
export type TApartmentDetails = z.infer<typeof ZApartmentDetails>;
export type THouseForSaleDetails = z.infer<typeof ZHouseForSaleDetails>;
export type TDetails = TLandDetails | TRentDetails | TApartmentDetails | THouseForSaleDetails;

/**
 * `type` in a body, when sent, must be the path's (clients written for the original API send it).
 */
const ownType = <T extends TPropertyType>(type: T) =>
  z.literal(type, { error: `must be ${type} for this listing` }).optional();

/**
 * POST /api/properties/{lease|land|apartment|house-for-sale}: the path decides the type and the
 * body is that type's details. Keys the type does not know are dropped (a create form may carry
 * more than it needs).
 */
export const ZCreatePropertyBodyByType = {
  Land: ZLandDetails.extend({ type: ownType('Land') }),
  Rent: ZRentDetails.extend({ type: ownType('Rent') }),
  Apartment: ZApartmentDetails.extend({ type: ownType('Apartment') }),
  HouseForSale: ZHouseForSaleDetails.extend({ type: ownType('HouseForSale') }),
} as const;
/** A create path whose segment is no type: only there to name `slug` in its 400. */
export const ZCreatePropertyParams = z.object({ slug: ZPropertyTypeSlug });

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
 * PATCH /api/properties/{id}: any of the listing's detail fields, its address, and its photos
 * (remove some, then put the rest in a new order). Photos are added with POST
 * /api/properties/{id}/media. Each detail field is checked here by its rule; whether it is a field
 * of the listing's type, the service decides (it knows the type). Nothing has a default: a field
 * left out stays as it is. Other keys (read-only fields of the owner view a client sends back) are
 * ignored.
 */
export const ZUpdatePropertyBody = z
  .looseObject(DETAIL_FIELD)
  .partial()
  .extend({
    type: z.string(wrongType('must be text')).optional(),
    address: ZAddressBody.optional(),
    removePhotoIds: z.array(z.uuid('must be photo ids')).max(50).optional(),
    /** Every remaining photo id exactly once, in the new order. */
    photoOrder: z.array(z.uuid('must be photo ids')).max(50).optional(),
  });
export type TUpdatePropertyBody = z.infer<typeof ZUpdatePropertyBody>;

/** See PENDING_CHANGE_STATUSES. */
export const ZPendingChangeStatus = z.enum(PENDING_CHANGE_STATUSES);
export type TPendingChangeStatus = z.infer<typeof ZPendingChangeStatus>;

/**
 * The fields a change can touch, named as the listing's answer names them (`price` for every
 * type's price, `propertyAddress` for any part of the address, `photos` for added, removed or
 * reordered photos).
 */
export const CHANGEABLE_FIELDS = [
  'title',
  'description',
  'ownerName',
  'ownerPhoneNumber',
  'price',
  'propertyAddress',
  'lotWidth',
  'lotLength',
  'lotStatus',
  'distanceFromMainRoad',
  'isWaterServiceAvailable',
  'isElectricityServiceAvailable',
  'numberOfBedrooms',
  'numberOfBathrooms',
  'leaseTerm',
  'appartmentPriceTerm',
  'squareFootage',
  'photos',
] as const;
export const ZChangeableField = z.enum(CHANGEABLE_FIELDS);
export type TChangeableField = z.infer<typeof ZChangeableField>;

/**
 * An edit of an approved listing waiting for review: the public keeps seeing the approved (live)
 * version until an admin approves the change, which then replaces it.
 */
export const ZPendingChange = z.object({
  status: ZPendingChangeStatus,
  /** Why an admin did not approve the change; null unless rejected. */
  rejectionReason: z.string().nullable(),
  /** When the owner last changed it. */
  updatedAt: z.string(),
  /** Which fields differ from the live version. */
  changedFields: z.array(ZChangeableField),
  /** Photos of the changed version that the live one does not have. */
  addedPhotoIds: z.array(z.uuid()),
  /** Live photos the changed version drops. */
  removedPhotoIds: z.array(z.uuid()),
  /** Required photo slots the changed version leaves empty (then its status is draft). */
  missingPictureLabels: z.array(ZPictureLabel),
  /** The listing as it will read once the change is approved. */
  proposed: ZProperty,
  /** The contact number the changed version gives subscribers (owner-only, like the live one's). */
  ownerPhoneNumber: z.string(),
});
export type TPendingChange = z.infer<typeof ZPendingChange>;

/** What only the listing's owner sees of it; absent for everyone else. */
const ZOwnerFields = {
  /** An edit of the approved listing awaiting review; null when there is none. */
  pendingChange: ZPendingChange.nullable().optional(),
  ownerPhoneNumber: z.string().optional(),
  /** Why an admin did not approve it; null when not rejected. */
  rejectionReason: z.string().nullable().optional(),
  /** Required photo slots still empty: a draft becomes pending once none are left and it has an address. */
  missingPictureLabels: z.array(ZPictureLabel).optional(),
  /**
   * An approved listing: whether the public sees it, or why not (taken, not confirmed for too
   * long, held for reports, its publisher suspended). Null while not approved: status says why.
   */
  visibility: z.enum(LISTING_VISIBILITIES).nullable().optional(),
  /** When it was let or sold, as its owner said; null while available. */
  takenAt: z.string().nullable().optional(),
  /** How many distinct subscribers were shown its contact in the last 7 and 30 days. */
  contactViews: z.object({ last7Days: z.number().int(), last30Days: z.number().int() }).optional(),
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
/** One page of a publisher's listings; the next page's URL is in the Link rel="next" header. */
export const ZPublisherPropertiesQuery = z.object({ limit: ZPageLimit, cursor: ZPageCursor });
export type TPublisherPropertiesQuery = z.infer<typeof ZPublisherPropertiesQuery>;
/** The owner: every listing but deleted ones, newest first; anyone else: the approved ones. */
export const ZPublisherPropertiesResponse = z.array(ZViewerProperty);

/** DELETE /api/properties/{id} */
export const ZDeletePropertyResponse = z.object({ id: z.uuid(), status: z.literal('archived') });
