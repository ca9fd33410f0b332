import {
  DESCRIPTION_MAX_LENGTH,
  FLOOR_AREA_MAX_SQM,
  LEASE_TERM_MAX_MONTHS,
  LOT_SIDE_MAX_METRES,
  OWNER_NAME_MAX_LENGTH,
  OWNER_PHONE_PATTERN,
  PRICE_FIELD,
  ROOMS_MAX,
  SHORT_TEXT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  type TPriceField,
} from '@makazi/contracts/listing-values';
import { PRICE_TZS_MAX, type TPropertyType } from '@makazi/contracts/property-values';

/*
 * Step 1's fields per type and their rules (everything required but the two service checkboxes
 * and the floor area), with the limits the API's schemas use (listing-values.ts), so the form
 * refuses exactly what the API would. Inputs hold text; the body carries JSON numbers.
 */

export type TInputField =
  | 'title'
  | 'description'
  | 'ownerName'
  | 'ownerPhoneNumber'
  | TPriceField
  | 'lotWidth'
  | 'lotLength'
  | 'lotStatus'
  | 'distanceFromMainRoad'
  | 'numberOfBedrooms'
  | 'numberOfBathrooms'
  | 'leaseTerm'
  | 'appartmentPriceTerm'
  | 'squareFootage';

export type TFlagField = 'isWaterServiceAvailable' | 'isElectricityServiceAvailable';

/** How a field is typed in and checked. */
export type TFieldKind =
  | 'title'
  | 'longText'
  | 'shortText'
  | 'ownerName'
  | 'phone'
  | 'price'
  | 'rooms'
  | 'months'
  | 'metres'
  | 'area';

export interface FieldSpec {
  name: TInputField;
  kind: TFieldKind;
  optional?: boolean;
}

const COMMON_HEAD: FieldSpec[] = [
  { name: 'title', kind: 'title' },
  { name: 'description', kind: 'longText' },
  { name: 'ownerName', kind: 'ownerName' },
  { name: 'ownerPhoneNumber', kind: 'phone' },
];
const ROOMS: FieldSpec[] = [
  { name: 'numberOfBedrooms', kind: 'rooms' },
  { name: 'numberOfBathrooms', kind: 'rooms' },
];
const SERVICES: TFlagField[] = ['isWaterServiceAvailable', 'isElectricityServiceAvailable'];

/** The inputs of each type in form order, and its checkboxes. */
export const DETAIL_FIELDS: Record<TPropertyType, { inputs: FieldSpec[]; flags: TFlagField[] }> = {
  Land: {
    inputs: [
      ...COMMON_HEAD,
      { name: PRICE_FIELD.Land, kind: 'price' },
      { name: 'lotWidth', kind: 'metres' },
      { name: 'lotLength', kind: 'metres' },
      { name: 'lotStatus', kind: 'shortText' },
      { name: 'distanceFromMainRoad', kind: 'shortText' },
    ],
    flags: SERVICES,
  },
  Rent: {
    inputs: [
      ...COMMON_HEAD,
      { name: PRICE_FIELD.Rent, kind: 'price' },
      ...ROOMS,
      { name: 'leaseTerm', kind: 'months' },
    ],
    flags: [],
  },
  Apartment: {
    inputs: [
      ...COMMON_HEAD,
      { name: PRICE_FIELD.Apartment, kind: 'price' },
      ...ROOMS,
      { name: 'appartmentPriceTerm', kind: 'shortText' },
    ],
    flags: [],
  },
  HouseForSale: {
    inputs: [
      ...COMMON_HEAD,
      { name: PRICE_FIELD.HouseForSale, kind: 'price' },
      ...ROOMS,
      { name: 'squareFootage', kind: 'area', optional: true },
      { name: 'distanceFromMainRoad', kind: 'shortText' },
    ],
    flags: SERVICES,
  },
};

export type TDetailText = Partial<Record<TInputField, string>>;
export type TDetailFlags = Partial<Record<TFlagField, boolean>>;

export interface DetailValues {
  text: TDetailText;
  flags: TDetailFlags;
}

/** Why a field is refused; the form words it in the reader's language. */
export type TFieldProblem =
  | { kind: 'required' }
  | { kind: 'length'; min: number; max: number }
  | { kind: 'tooLong'; max: number }
  | { kind: 'phone' }
  | { kind: 'wholeNumber' }
  | { kind: 'number' }
  | { kind: 'min'; min: number }
  | { kind: 'max'; max: number }
  | { kind: 'positive' }
  /** The API refused it (a 400 naming the field) for a reason the form does not check. */
  | { kind: 'server' };

export type TDetailProblems = Partial<Record<TInputField, TFieldProblem>>;

/** "0712 345 678" and "0712-345-678" are the same number. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** "1,500,000" and "1 500 000" are how people write prices. */
function parseWhole(value: string): number | null {
  const compact = value.replace(/[\s,]/g, '');
  return /^-?\d+$/.test(compact) ? Number(compact) : null;
}

/** "12.5", and "12,5" (one or two digits after a comma is a decimal comma, not thousands). */
function parseDecimal(value: string): number | null {
  const trimmed = value.replace(/\s/g, '');
  const compact = /^-?\d+,\d{1,2}$/.test(trimmed)
    ? trimmed.replace(',', '.')
    : trimmed.replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : null;
}

function checkText(value: string, max: number): TFieldProblem | null {
  return value.length > max ? { kind: 'tooLong', max } : null;
}

function checkRange(
  parsed: number | null,
  { min, max, whole, positive }: { min?: number; max: number; whole: boolean; positive?: boolean },
): TFieldProblem | null {
  if (parsed === null) return { kind: whole ? 'wholeNumber' : 'number' };
  if (positive && parsed <= 0) return { kind: 'positive' };
  if (min !== undefined && parsed < min) return { kind: 'min', min };
  if (parsed > max) return { kind: 'max', max };
  return null;
}

/** The problem of one field's text, or null when the API will take it. */
export function checkField(spec: FieldSpec, raw: string | undefined): TFieldProblem | null {
  const value = (raw ?? '').trim();
  if (value === '') return spec.optional ? null : { kind: 'required' };
  switch (spec.kind) {
    case 'title':
      return value.length < TITLE_MIN_LENGTH || value.length > TITLE_MAX_LENGTH
        ? { kind: 'length', min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH }
        : null;
    case 'longText':
      return checkText(value, DESCRIPTION_MAX_LENGTH);
    case 'shortText':
      return checkText(value, SHORT_TEXT_MAX_LENGTH);
    case 'ownerName':
      return checkText(value, OWNER_NAME_MAX_LENGTH);
    case 'phone':
      return OWNER_PHONE_PATTERN.test(normalizePhone(value)) ? null : { kind: 'phone' };
    case 'price':
      return checkRange(parseWhole(value), { max: PRICE_TZS_MAX, whole: true, positive: true });
    case 'rooms':
      return checkRange(parseWhole(value), { min: 0, max: ROOMS_MAX, whole: true });
    case 'months':
      return checkRange(parseWhole(value), { min: 1, max: LEASE_TERM_MAX_MONTHS, whole: true });
    case 'metres':
      return checkRange(parseDecimal(value), {
        max: LOT_SIDE_MAX_METRES,
        whole: false,
        positive: true,
      });
    case 'area':
      return checkRange(parseDecimal(value), {
        max: FLOOR_AREA_MAX_SQM,
        whole: false,
        positive: true,
      });
  }
}

export function validateDetails(type: TPropertyType, values: DetailValues): TDetailProblems {
  const problems: TDetailProblems = {};
  for (const spec of DETAIL_FIELDS[type].inputs) {
    const problem = checkField(spec, values.text[spec.name]);
    if (problem) problems[spec.name] = problem;
  }
  return problems;
}

/** The first field of `type`, in form order, that has a problem. */
export function firstProblemField(
  type: TPropertyType,
  problems: TDetailProblems,
): TInputField | undefined {
  return DETAIL_FIELDS[type].inputs.find((spec) => problems[spec.name])?.name;
}

type TBodyValue = string | number | boolean | null;

function bodyValue(spec: FieldSpec, raw: string | undefined): TBodyValue | undefined {
  const value = (raw ?? '').trim();
  switch (spec.kind) {
    case 'title':
    case 'longText':
    case 'shortText':
    case 'ownerName':
      return value;
    case 'phone':
      return normalizePhone(value);
    case 'price':
    case 'rooms':
    case 'months':
      return parseWhole(value) ?? undefined;
    case 'metres':
    case 'area':
      // An emptied optional number is sent as null: "no floor area" rather than "unchanged".
      return value === '' ? null : (parseDecimal(value) ?? undefined);
  }
}

/**
 * The JSON body of the details of `type`: trimmed text, the phone without spaces, numbers as JSON
 * numbers, the checkboxes as booleans. Only call it on values validateDetails accepts.
 */
export function detailsBody(type: TPropertyType, values: DetailValues): Record<string, TBodyValue> {
  const body: Record<string, TBodyValue> = {};
  for (const spec of DETAIL_FIELDS[type].inputs) {
    const value = bodyValue(spec, values.text[spec.name]);
    if (value !== undefined) body[spec.name] = value;
  }
  for (const flag of DETAIL_FIELDS[type].flags) body[flag] = values.flags[flag] ?? false;
  return body;
}

/** The body of a create call: an empty optional field is left out rather than sent as null. */
export function createBody(type: TPropertyType, values: DetailValues): Record<string, TBodyValue> {
  const body = detailsBody(type, values);
  for (const [key, value] of Object.entries(body)) if (value === null) delete body[key];
  return { ...body, type };
}

/** The fields whose value differs from what the API holds (`saved`): the body of a PATCH. */
export function changedDetails(
  type: TPropertyType,
  values: DetailValues,
  saved: DetailValues,
): Record<string, TBodyValue> {
  const now = detailsBody(type, values);
  const before = detailsBody(type, saved);
  return Object.fromEntries(Object.entries(now).filter(([key, value]) => before[key] !== value));
}

/** The form's values of a listing the API returned (edit, or a reloaded draft). */
export function detailValuesOf(
  listing: Record<string, unknown>,
  type: TPropertyType,
): DetailValues {
  const text: TDetailText = {};
  for (const spec of DETAIL_FIELDS[type].inputs) {
    const value = listing[spec.name];
    if (typeof value === 'string') text[spec.name] = value;
    else if (typeof value === 'number') text[spec.name] = String(value);
  }
  const flags: TDetailFlags = {};
  for (const flag of DETAIL_FIELDS[type].flags) flags[flag] = listing[flag] === true;
  return { text, flags };
}

const INPUT_NAMES = new Set<string>(
  Object.values(DETAIL_FIELDS).flatMap(({ inputs }) => inputs.map((spec) => spec.name)),
);

/**
 * A 400's `details` on the fields of `type`: each named field the form shows gets the server's
 * refusal. The rest (a field the form does not have) is reported by `unmatched`.
 */
export function serverProblems(
  type: TPropertyType,
  details: readonly { field: string }[],
): { problems: TDetailProblems; unmatched: boolean } {
  const own = new Set<string>(DETAIL_FIELDS[type].inputs.map((spec) => spec.name));
  const problems: TDetailProblems = {};
  let unmatched = details.length === 0;
  for (const { field } of details) {
    if (INPUT_NAMES.has(field) && own.has(field))
      problems[field as TInputField] = { kind: 'server' };
    else unmatched = true;
  }
  return { problems, unmatched };
}
