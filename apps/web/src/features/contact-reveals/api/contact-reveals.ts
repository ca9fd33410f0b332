import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TContactReveal } from '@makazi/contracts/trust';
import { CONTACT_WITHHELD_REASONS } from '@makazi/contracts/trust-values';
import { apiGet } from '../../../lib/api-client';
import { isPropertyType, isRecord, isUuid } from '../../../lib/guards';
import { contactRevealsQueryKey, isReport } from '../../../lib/listing-reports';

const AVAILABILITIES: readonly string[] = ['available', 'taken', 'unavailable'];
const WITHHELD_REASONS: readonly string[] = CONTACT_WITHHELD_REASONS;

/** The owner as shown (a name and a phone), or why not any more: one of the two, never both. */
function isRevealedOwner(value: Record<string, unknown>): boolean {
  const { contact, contactWithheld } = value;
  if (contact === null) {
    return typeof contactWithheld === 'string' && WITHHELD_REASONS.includes(contactWithheld);
  }
  return (
    isRecord(contact) &&
    typeof contact.ownerName === 'string' &&
    typeof contact.phoneNumber === 'string' &&
    contactWithheld === null
  );
}

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
    (value.report === null || isReport(value.report)) &&
    isRevealedOwner(value)
  );
}

function isContactRevealList(body: unknown): body is TContactReveal[] {
  return Array.isArray(body) && body.every(isContactReveal);
}

/** The most the API answers: a subscriber sees their latest hundred. */
const REVEALS_LIMIT = 100;

/**
 * GET /api/me/contact-reveals with the user's token: the listings whose owner's number they were
 * shown, latest first, each with its availability now, until when a dead-end claim may be made,
 * their report of it, and the owner's name and phone while they may still see them.
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
