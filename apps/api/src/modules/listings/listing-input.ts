import {
  ADDRESS_NUMBER_FIELD,
  PRICE_FIELD,
  type TPriceField,
} from '@makazi/contracts/listing-values';
import { ZDetailsByType, type TAddressBody, type TDetails } from '@makazi/contracts/listings';
import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import { AppError, type FieldError } from '../../lib/errors';
import type { AddressColumns, DetailColumns, NewListing } from './listings.repository';

/*
 * Turning a body its route has already checked field by field (the contracts' schemas) into
 * columns: which detail fields belong to the listing's type, and an address's number field. Every
 * refusal is one 400 VALIDATION_FAILED naming each offending field, worded as the schema errors of
 * the error handler ("field: reason; field: reason").
 */

/**
 * Body keys that are not detail fields: clients written for the original API send them, the API
 * decides them.
 */
const NOT_DETAILS = new Set(['type', 'publishedBy']);

/** The detail fields of each type, as its schema names them. */
const FIELDS_OF: Record<TPropertyType, ReadonlySet<string>> = {
  Land: new Set(Object.keys(ZDetailsByType.Land.shape)),
  Rent: new Set(Object.keys(ZDetailsByType.Rent.shape)),
  Apartment: new Set(Object.keys(ZDetailsByType.Apartment.shape)),
  HouseForSale: new Set(Object.keys(ZDetailsByType.HouseForSale.shape)),
};

/** The column of each detail field whose name is not its column's: every price is one column. */
const COLUMN_OF: Record<string, keyof DetailColumns> = {
  ...(Object.fromEntries(PROPERTY_TYPES.map((type) => [PRICE_FIELD[type], 'priceTzs'])) as Record<
    TPriceField,
    'priceTzs'
  >),
  leaseTerm: 'leaseTermMonths',
  appartmentPriceTerm: 'apartmentPriceTerm',
};

export function validationFailed(details: FieldError[]): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    details.map((d) => `${d.field}: ${d.message}`).join('; '),
    details,
  );
}

/**
 * The owner's contact number as stored: +255 and nine digits, however the form wrote it (the
 * contract allows 0 and nine digits too), so Call and Chat links never need to guess.
 */
function e164(phone: string): string {
  return phone.startsWith('0') ? `+255${phone.slice(1)}` : phone;
}

/**
 * The columns of the detail fields a body sends for a listing of `type`; only the fields sent. A
 * detail field of another type is refused, naming it; `type`, when sent, must be the listing's.
 * Keys that are no detail field of any type (read-only fields of the owner view a client sends
 * back, say) are ignored.
 */
export function detailColumns(type: TPropertyType, body: Record<string, unknown>): DetailColumns {
  const errors: FieldError[] = [];
  if (body.type !== undefined && body.type !== type) {
    errors.push({ field: 'type', message: `must be ${type} for this listing` });
  }
  // The route's schema checked every value against its field's rule.
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (NOT_DETAILS.has(field) || value === undefined) continue;
    if (FIELDS_OF[type].has(field)) {
      columns[COLUMN_OF[field] ?? field] =
        field === 'ownerPhoneNumber' ? e164(value as string) : value;
    } else if (PROPERTY_TYPES.some((other) => FIELDS_OF[other].has(field))) {
      errors.push({ field, message: `is not a field of ${type} listings` });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
  return columns;
}

/** The columns of a new listing of `type`: its details are complete (the type's schema says so). */
export function newListingColumns(
  type: TPropertyType,
  details: TDetails,
): Omit<NewListing, 'type' | 'status' | 'publishedBy'> {
  const priceTzs = (details as Partial<Record<TPriceField, number>>)[PRICE_FIELD[type]];
  if (priceTzs === undefined) {
    throw validationFailed([{ field: PRICE_FIELD[type], message: 'is required' }]);
  }
  return {
    ...detailColumns(type, details),
    title: details.title,
    description: details.description,
    ownerName: details.ownerName,
    ownerPhoneNumber: e164(details.ownerPhoneNumber),
    priceTzs,
  };
}

const NUMBER_FIELDS = ['plotNumber', 'houseNumber', 'apartmentNumber'] as const;

/**
 * The address columns of `body` for a listing of `type`: the type's number field (blank → none);
 * a number field of another type, when not blank, is refused naming it. `prefix` names the fields
 * as the request nests them ("address." in an edit).
 */
export function addressColumns(
  type: TPropertyType,
  body: TAddressBody,
  prefix = '',
): AddressColumns {
  const own = ADDRESS_NUMBER_FIELD[type];
  const errors: FieldError[] = [];
  const numbers: Pick<AddressColumns, (typeof NUMBER_FIELDS)[number]> = {
    plotNumber: null,
    houseNumber: null,
    apartmentNumber: null,
  };
  for (const field of NUMBER_FIELDS) {
    const value = body[field];
    if (value === undefined || value === '') continue;
    if (field === own) numbers[field] = value;
    else
      errors.push({
        field: `${prefix}${field}`,
        message: `is not used by ${type} listings; send ${own}`,
      });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return {
    regionId: body.regionId,
    districtId: body.districtId,
    wardId: body.wardId,
    streetId: body.streetId,
    ...numbers,
  };
}
