import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClaim, TReport, TReportBody } from '@makazi/contracts/trust';
import {
  CLAIM_DECISIONS,
  CLAIM_STATUSES,
  REPORT_REASONS,
  REPORT_STATUSES,
} from '@makazi/contracts/trust-values';
import { apiSendWithStatus } from './api-client';
import { isRecord, isUuid } from './guards';
import { getSession } from './session';
import { accountQueryKey } from './sign-out';

/*
 * Reporting a listing (POST /api/properties/{id}/reports), shared by the listing page's 'Report
 * this listing' and 'Contacts you viewed' (a dead-end claim is a report too).
 */

/** GET /api/me/contact-reveals under the account scope: signing out forgets it. */
export function contactRevealsQueryKey(sub: string) {
  return [...accountQueryKey(sub), 'contact-reveals'] as const;
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

function isClaim(value: unknown): value is TClaim {
  return (
    isRecord(value) &&
    isOneOf(CLAIM_STATUSES, value.status) &&
    typeof value.revealedAt === 'string' &&
    (value.decision === null || isOneOf(CLAIM_DECISIONS, value.decision)) &&
    typeof value.credited === 'boolean'
  );
}

/** A report as the API answers it, the fields the screens branch on checked. */
export function isReport(value: unknown): value is TReport {
  return (
    isRecord(value) &&
    isUuid(value.id) &&
    isUuid(value.propertyId) &&
    isOneOf(REPORT_REASONS, value.reason) &&
    isOneOf(REPORT_STATUSES, value.status) &&
    (value.note === null || typeof value.note === 'string') &&
    (value.claim === null || isClaim(value.claim))
  );
}

export interface ReportOutcome {
  report: TReport;
  /** false: it replaced the reporter's earlier report of the listing (200 rather than 201). */
  created: boolean;
}

/**
 * Files (or replaces) the signed-in user's report of `propertyId`. Afterwards their contacts list
 * is asked for again (it shows the report and its claim), and so is their subscription when a
 * claim added a day to it.
 */
export function useReportListing(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TReportBody): Promise<ReportOutcome> => {
      const { status, data } = await apiSendWithStatus(
        'POST',
        `/properties/${encodeURIComponent(propertyId)}/reports`,
        body,
        isReport,
        { auth: true },
      );
      return { report: data, created: status === 201 };
    },
    onSuccess: ({ report }) => {
      const sub = getSession()?.sub;
      if (!sub) return;
      void queryClient.invalidateQueries({ queryKey: contactRevealsQueryKey(sub) });
      if (report.claim?.credited) {
        // The key of features/subscriptions' status query: the guard then sees the longer end.
        void queryClient.invalidateQueries({
          queryKey: [...accountQueryKey(sub), 'subscription-status'],
        });
      }
    },
  });
}
