import {
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  type TPropertySort,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import type { TProperty, TTakenListing } from '@makazi/contracts/properties';

/*
 * Small hand-written checks for values that come from outside the code (URL, form controls,
 * navigation state, response bodies). The API already validates what it sends against its zod
 * schemas, so the browser checks only what it branches on, without shipping zod.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPropertyType(value: unknown): value is TPropertyType {
  return typeof value === 'string' && (PROPERTY_TYPES as readonly string[]).includes(value);
}

export function isPropertySort(value: unknown): value is TPropertySort {
  return typeof value === 'string' && (PROPERTY_SORTS as readonly string[]).includes(value);
}

// The same RFC 9562 shape zod's z.uuid() (the API's id parameter) accepts, so a link the API would refuse is never requested.
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * The outline of a listing: the fields every page reads before branching on the type. Enough to
 * tell a listing from a proxy's page or an old server's answer; the API's zod schema did the rest.
 */
export function isPropertyOutline(value: unknown): value is TProperty {
  return (
    isRecord(value) &&
    isUuid(value.id) &&
    isPropertyType(value.type) &&
    typeof value.title === 'string' &&
    typeof value.description === 'string' &&
    typeof value.ownerName === 'string' &&
    typeof value.price === 'number' &&
    Array.isArray(value.photos) &&
    Array.isArray(value.media) &&
    (value.propertyAddress === null || isRecord(value.propertyAddress))
  );
}

function isNamedRef(value: unknown): value is { id: number; name: string } {
  return isRecord(value) && typeof value.id === 'number' && typeof value.name === 'string';
}

/** A 410's `listing`: what the public may still know of a listing rented or sold. */
export function isTakenListing(value: unknown): value is TTakenListing {
  return (
    isRecord(value) &&
    isUuid(value.id) &&
    isPropertyType(value.type) &&
    typeof value.title === 'string' &&
    typeof value.takenAt === 'string' &&
    (value.place === null ||
      (isRecord(value.place) && isNamedRef(value.place.region) && isNamedRef(value.place.district)))
  );
}

export function isPropertyList(value: unknown): value is TProperty[] {
  return Array.isArray(value) && value.every(isPropertyOutline);
}
