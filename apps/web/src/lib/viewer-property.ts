import type { TViewerProperty } from '@makazi/contracts/listings';
import { PROPERTY_STATUSES, type TPropertyStatus } from '@makazi/contracts/property-values';
import { isPropertyOutline } from './guards';

export function isPropertyStatus(value: unknown): value is TPropertyStatus {
  return typeof value === 'string' && (PROPERTY_STATUSES as readonly string[]).includes(value);
}

/**
 * The outline of a listing as its viewer may see it (the owner view of the publisher list and of
 * GET /api/properties/{id}): a listing plus the status the owner's pages branch on.
 */
export function isViewerProperty(value: unknown): value is TViewerProperty {
  return isPropertyOutline(value) && isPropertyStatus((value as { status?: unknown }).status);
}

export function isViewerPropertyList(body: unknown): body is TViewerProperty[] {
  return Array.isArray(body) && body.every(isViewerProperty);
}
