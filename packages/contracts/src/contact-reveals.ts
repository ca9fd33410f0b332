import { z } from 'zod';

/*
 * Contact reveals: every time a subscriber is shown an owner's phone number
 * (GET /api/properties/{id}/contact) it is recorded, a subscriber may see the contacts of a
 * limited number of distinct listings per East Africa day (429 past it), and the admin sees who
 * reveals the most (GET /api/admin/contact-reveals/top).
 */

/** The longest period the admin may ask about, in days. */
export const TOP_REVEALERS_MAX_DAYS = 31;
export const TOP_REVEALERS_DEFAULT_DAYS = 7;
export const TOP_REVEALERS_MAX_LIMIT = 100;
export const TOP_REVEALERS_DEFAULT_LIMIT = 20;

/**
 * GET /api/admin/contact-reveals/top. `days` are East Africa days ending with today (1: today
 * only, 7: today and the six days before); `limit` is how many people to list.
 */
export const ZTopRevealersQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(TOP_REVEALERS_MAX_DAYS)
    .default(TOP_REVEALERS_DEFAULT_DAYS),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TOP_REVEALERS_MAX_LIMIT)
    .default(TOP_REVEALERS_DEFAULT_LIMIT),
});
export type TTopRevealersQuery = z.infer<typeof ZTopRevealersQuery>;

export const ZTopRevealer = z.object({
  userId: z.uuid(),
  /** "First Last". */
  name: z.string(),
  /** E.164. */
  phoneNumber: z.string(),
  /** Every reveal in the period, the same listing again included. */
  reveals: z.number().int(),
  /** Distinct listings whose contact they saw in the period. */
  listings: z.number().int(),
  /** ISO 8601 UTC: their first and last reveal in the period. */
  firstRevealAt: z.string(),
  lastRevealAt: z.string(),
});
export type TTopRevealer = z.infer<typeof ZTopRevealer>;

export const ZTopRevealersResponse = z.object({
  days: z.number().int(),
  /** ISO 8601 UTC: 00:00 East Africa Time of the period's first day. */
  since: z.string(),
  /** Most distinct listings first; among equals, the most recent activity first. */
  items: z.array(ZTopRevealer),
});
export type TTopRevealersResponse = z.infer<typeof ZTopRevealersResponse>;
