import type { z } from 'zod';
import { ADDRESS_NUMBER_FIELD } from '@makazi/contracts/listing-values';
import {
  ZDetailsByType,
  type TAddressBody,
  type TApartmentDetails,
  type THouseForSaleDetails,
  type TLandDetails,
  type TRentDetails,
} from '@makazi/contracts/listings';
import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import { AppError, type FieldError } from '../../lib/errors';
import type { AddressColumns, DetailColumns } from './listings.repository';

/*
 * Turning a request body into columns: the detail fields of a type (checked against the type's
 * schema from the contracts), and an address's number field. Every refusal is one 400
 * VALIDATION_FAILED naming each offending field, worded as the schema errors of the error
 * handler ("field: reason; field: reason").
 */

export type Details = TLandDetails | TRentDetails | TApartmentDetails | THouseForSaleDetails;

/** Body keys that are not detail fields: the spec's client sends them, the API decides them. */
const NOT_DETAILS = new Set(['type', 'publishedBy']);

/** The detail fields of each type, as its schema names them. */
const FIELDS_OF: Record<TPropertyType, ReadonlySet<string>> = {
  Land: new Set(Object.keys(ZDetailsByType.Land.shape)),
  Rent: new Set(Object.keys(ZDetailsByType.Rent.shape)),
  Apartment: new Set(Object.keys(ZDetailsByType.Apartment.shape)),
  HouseForSale: new Set(Object.keys(ZDetailsByType.HouseForSale.shape)),
};

export function validationFailed(details: FieldError[]): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    details.map((d) => `${d.field}: ${d.message}`).join('; '),
    details,
  );
}

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  boolean: 'must be true or false',
  number: 'must be a number',
};

/**
 * A zod issue as the client should read it: a missing field "is required" (whatever the schema's
 * type message says), and zod's generic "Invalid input: expected string …" in plain words.
 */
function fieldError(issue: z.core.$ZodIssue, body: Record<string, unknown>): FieldError {
  const field = issue.path.map(String).join('.') || 'body';
  const [top] = issue.path;
  if (issue.code === 'invalid_type' && typeof top === 'string' && body[top] === undefined) {
    return { field, message: 'is required' };
  }
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    return { field, message: TYPE_WORDS[issue.expected] ?? 'is not valid' };
  }
  return { field, message: issue.message };
}

/** `type` in a body, when sent, must be the listing's own type. */
function typeMismatch(body: Record<string, unknown>, type: TPropertyType): FieldError[] {
  if (body.type === undefined || body.type === type) return [];
  return [{ field: 'type', message: `must be ${type} for this listing` }];
}

/**
 * The full details of a new listing of `type`: every required field present and valid. Keys the
 * type does not know are ignored (a create form may carry more than it needs).
 */
export function parseNewDetails(type: TPropertyType, body: Record<string, unknown>): Details {
  const errors = typeMismatch(body, type);
  const parsed = ZDetailsByType[type].safeParse(body);
  if (!parsed.success) errors.push(...parsed.error.issues.map((i) => fieldError(i, body)));
  if (errors.length > 0 || !parsed.success) throw validationFailed(errors);
  return parsed.data;
}

/**
 * The detail fields an edit sends, checked against `type`'s schema; only the fields sent (the
 * schema's defaults must not reset what the edit left out). A detail field of another type is
 * refused, naming it; keys that are no detail field of any type (read-only fields of the owner
 * view a client sends back, say) are ignored.
 */
export function parseDetailChanges(
  type: TPropertyType,
  body: Record<string, unknown>,
): Partial<Details> {
  const ownFields = FIELDS_OF[type];
  const errors = typeMismatch(body, type);
  const sent: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (NOT_DETAILS.has(key) || value === undefined) continue;
    if (ownFields.has(key)) {
      sent[key] = value;
    } else if (PROPERTY_TYPES.some((other) => FIELDS_OF[other].has(key))) {
      errors.push({ field: key, message: `is not a field of ${type} listings` });
    }
  }
  const parsed = ZDetailsByType[type].partial().safeParse(sent);
  if (!parsed.success) errors.push(...parsed.error.issues.map((i) => fieldError(i, sent)));
  if (errors.length > 0 || !parsed.success) throw validationFailed(errors);
  const data = parsed.data as Record<string, unknown>;
  return Object.fromEntries(Object.keys(sent).map((key) => [key, data[key]]));
}

/**
 * The owner's contact number as stored: +255 and nine digits, however the form wrote it (the
 * contract allows 0 and nine digits too), so Call and Chat links never need to guess.
 */
function e164(phone: string): string {
  return phone.startsWith('0') ? `+255${phone.slice(1)}` : phone;
}

/** The columns of (some) details of a listing of `type`. */
export function detailColumns(type: TPropertyType, details: Partial<Details>): DetailColumns {
  const d = details as Partial<
    TLandDetails & TRentDetails & TApartmentDetails & THouseForSaleDetails
  >;
  const price = {
    Land: d.lotPrice,
    Rent: d.leasePrice,
    Apartment: d.appartmentPrice,
    HouseForSale: d.housePrice,
  }[type];
  const columns: DetailColumns = {
    title: d.title,
    description: d.description,
    ownerName: d.ownerName,
    ownerPhoneNumber: d.ownerPhoneNumber === undefined ? undefined : e164(d.ownerPhoneNumber),
    priceTzs: price,
  };
  switch (type) {
    case 'Land':
      Object.assign(columns, {
        lotWidth: d.lotWidth,
        lotLength: d.lotLength,
        lotStatus: d.lotStatus,
        distanceFromMainRoad: d.distanceFromMainRoad,
        isWaterServiceAvailable: d.isWaterServiceAvailable,
        isElectricityServiceAvailable: d.isElectricityServiceAvailable,
      });
      break;
    case 'Rent':
      Object.assign(columns, {
        numberOfBedrooms: d.numberOfBedrooms,
        numberOfBathrooms: d.numberOfBathrooms,
        leaseTermMonths: d.leaseTerm,
      });
      break;
    case 'Apartment':
      Object.assign(columns, {
        numberOfBedrooms: d.numberOfBedrooms,
        numberOfBathrooms: d.numberOfBathrooms,
        apartmentPriceTerm: d.appartmentPriceTerm,
      });
      break;
    case 'HouseForSale':
      Object.assign(columns, {
        numberOfBedrooms: d.numberOfBedrooms,
        numberOfBathrooms: d.numberOfBathrooms,
        squareFootage: d.squareFootage,
        distanceFromMainRoad: d.distanceFromMainRoad,
        isWaterServiceAvailable: d.isWaterServiceAvailable,
        isElectricityServiceAvailable: d.isElectricityServiceAvailable,
      });
      break;
  }
  // Unsent fields stay out of the update rather than being written as undefined.
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
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
