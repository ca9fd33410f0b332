import { ADDRESS_NUMBER_FIELD, ADDRESS_NUMBER_MAX_LENGTH } from '@makazi/contracts/listing-values';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { TAddressBody } from '@makazi/contracts/listings';
import type { TPropertyAddress } from '@makazi/contracts/properties';

/*
 * Step 2: the region → district → ward → street cascade and the type's number field
 * (plotNumber, houseNumber or apartmentNumber). Select values are the ids as text ('' = none).
 */

export const ADDRESS_LEVELS = ['regionId', 'districtId', 'wardId', 'streetId'] as const;
export type TAddressLevel = (typeof ADDRESS_LEVELS)[number];

export interface AddressValues {
  regionId: string;
  districtId: string;
  wardId: string;
  streetId: string;
  /** The type's number field (ADDRESS_NUMBER_FIELD), optional. */
  number: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  regionId: '',
  districtId: '',
  wardId: '',
  streetId: '',
  number: '',
};

/** Choosing a level clears every level below it. */
export function chooseLevel(
  values: AddressValues,
  level: TAddressLevel,
  id: string,
): AddressValues {
  const next = { ...values, [level]: id };
  for (const lower of ADDRESS_LEVELS.slice(ADDRESS_LEVELS.indexOf(level) + 1)) next[lower] = '';
  return next;
}

export type TAddressProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  /** The API refused it: a level outside the one above it, a number it did not take. */
  | { kind: 'server' };
export type TAddressProblems = Partial<Record<TAddressLevel | 'number', TAddressProblem>>;

/** The API needs all four levels (one chain); the number is optional. */
export function validateAddress(values: AddressValues): TAddressProblems {
  const problems: TAddressProblems = {};
  for (const level of ADDRESS_LEVELS) if (!values[level]) problems[level] = { kind: 'required' };
  if (values.number.trim().length > ADDRESS_NUMBER_MAX_LENGTH) {
    problems.number = { kind: 'tooLong', max: ADDRESS_NUMBER_MAX_LENGTH };
  }
  return problems;
}

export function addressBody(type: TPropertyType, values: AddressValues): TAddressBody {
  const body: TAddressBody = {
    regionId: Number(values.regionId),
    districtId: Number(values.districtId),
    wardId: Number(values.wardId),
    streetId: Number(values.streetId),
  };
  const number = values.number.trim();
  if (number) body[ADDRESS_NUMBER_FIELD[type]] = number;
  return body;
}

export function sameAddress(a: AddressValues, b: AddressValues): boolean {
  return (
    ADDRESS_LEVELS.every((level) => a[level] === b[level]) && a.number.trim() === b.number.trim()
  );
}

/** The form's values of an address the API returned. */
export function addressValuesOf(
  address: TPropertyAddress | null | undefined,
  type: TPropertyType,
): AddressValues | null {
  if (!address) return null;
  return {
    regionId: String(address.region.id),
    districtId: String(address.district.id),
    wardId: String(address.ward.id),
    streetId: String(address.street.id),
    number: address[ADDRESS_NUMBER_FIELD[type]] ?? '',
  };
}
