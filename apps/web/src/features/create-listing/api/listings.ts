import { queryOptions } from '@tanstack/react-query';
import type { TAddressBody, TViewerProperty } from '@makazi/contracts/listings';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import { apiGet, apiSend } from '../../../lib/api-client';
import { isPropertyOutline, isRecord, isUuid } from '../../../lib/guards';
import { LISTINGS_QUERY_SCOPE } from '../../../lib/query-client';

/*
 * The publishing calls of the wizard (their shapes are in contracts/listings.ts). Every one is the
 * signed-in owner's: the token goes with it, a 401 is refreshed once, and a refused refresh ends
 * the session (the login guard then sends the user to /login).
 */

/** The outline of a write answer: the owner's view of the listing, with its id. */
export interface WriteAnswer {
  id: string;
  photos?: unknown;
  missingPictureLabels?: unknown;
}

export function isWriteAnswer(body: unknown): body is WriteAnswer {
  return isRecord(body) && isUuid(body.id);
}

/** A listing as its owner reads it (GET /api/properties/{id} with their token). */
export function isOwnListing(body: unknown): body is TViewerProperty {
  return isPropertyOutline(body);
}

/** POST /api/properties/{land|lease|apartment|house-for-sale}: a new listing, a draft until it has an address and photos. */
export function createListing(type: TPropertyType, body: Record<string, unknown>) {
  return apiSend('POST', `/properties/${PROPERTY_TYPE_SLUGS[type]}`, body, isWriteAnswer, {
    auth: true,
  });
}

/** PATCH /api/properties/{id}: only the fields that changed (or photos to remove). */
export function updateListing(id: string, body: Record<string, unknown>) {
  return apiSend('PATCH', `/properties/${encodeURIComponent(id)}`, body, isWriteAnswer, {
    auth: true,
  });
}

/** POST /api/properties/{id}/address: the four levels must form one chain, else a 400. */
export function saveAddress(id: string, body: TAddressBody) {
  return apiSend('POST', `/properties/${encodeURIComponent(id)}/address`, body, isWriteAnswer, {
    auth: true,
  });
}

export async function getOwnListing(id: string, signal?: AbortSignal): Promise<TViewerProperty> {
  return (
    await apiGet(`/properties/${encodeURIComponent(id)}`, isOwnListing, { auth: true, signal })
  ).data;
}

export function ownListingQueryOptions(id: string) {
  return queryOptions({
    queryKey: [LISTINGS_QUERY_SCOPE, 'own', id],
    queryFn: ({ signal }) => getOwnListing(id, signal),
    // The wizard edits this record: always start from what the server holds now.
    staleTime: 0,
    gcTime: 0,
  });
}
