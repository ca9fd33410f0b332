import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TContactReveal } from '@makazi/contracts/trust';
import { apiGet } from '../../../lib/api-client';
import { isPropertyType, isRecord, isUuid } from '../../../lib/guards';
import { contactRevealsQueryKey, isReport } from '../../../lib/listing-reports';

const AVAILABILITIES: readonly string[] = ['available', 'taken', 'unavailable'];

function isContactReveal(value: unknown): value is TContactReveal {
  if (!isRecord(value) || !isRecord(value.property)) return false;
  const { property } = value;
  return (
    isUuid(property.id) &&
    typeof property.title === 'string' &&
    isPropertyType(property.type) &&
    typeof property.price === 'number' &&
    typeof property.availability === 'string' &&
    AVAILABILITIES.includes(property.availability) &&
    (property.coverUrl === null || typeof property.coverUrl === 'string') &&
    typeof value.revealedAt === 'string' &&
    (value.claimableUntil === null || typeof value.claimableUntil === 'string') &&
    (value.report === null || isReport(value.report))
  );
}

function isContactRevealList(body: unknown): body is TContactReveal[] {
  return Array.isArray(body) && body.every(isContactReveal);
}

/** The most the API answers: a subscriber sees their latest hundred. */
const REVEALS_LIMIT = 100;

/**
 * GET /api/me/contact-reveals with the user's token: the listings whose owner's number they were
 * shown, latest first, each with its availability now, until when a dead-end claim may be made
 * and their report of it.
 */
export function contactRevealsQueryOptions(sub: string) {
  return queryOptions({
    queryKey: contactRevealsQueryKey(sub),
    queryFn: async ({ signal }) =>
      (
        await apiGet('/me/contact-reveals', isContactRevealList, {
          auth: true,
          signal,
          query: { limit: REVEALS_LIMIT },
        })
      ).data,
    // Views and reports change on other pages (a listing's page, an admin's decision): ask on
    // every visit, while the cached list paints at once.
    staleTime: 0,
  });
}

export function useContactReveals(sub: string) {
  return useQuery(contactRevealsQueryOptions(sub));
}
