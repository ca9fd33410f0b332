import {
  ZAdminReportedListing,
  ZAdminReportsResponse,
  type TAdminReportedListing,
  type TAdminReportsQuery,
  type TAdminTakeDownBody,
} from '@makazi/contracts/trust';
import { adminJson } from './admin-client';

export type TReportsFilter = Pick<TAdminReportsQuery, 'page' | 'pageSize'>;

export function reportsQueryKey(filter?: TReportsFilter) {
  return filter
    ? (['admin', 'reports', 'list', filter] as const)
    : (['admin', 'reports', 'list'] as const);
}

/** Listings with open reports or dead-end claims waiting, latest report first. */
export function reportsQueryOptions(filter: TReportsFilter) {
  return {
    queryKey: reportsQueryKey(filter),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', '/admin/reports', ZAdminReportsResponse, { query: { ...filter }, signal }),
  };
}

// Every action answers the listing's entry as it now is.

const listingPath = (propertyId: string, action: string) =>
  `/admin/reports/${encodeURIComponent(propertyId)}/${action}`;
const claimPath = (reportId: string, action: string) =>
  `/admin/claims/${encodeURIComponent(reportId)}/${action}`;

/** Nothing wrong: the open reports are closed and a hold is lifted. */
export function dismissReports(propertyId: string): Promise<TAdminReportedListing> {
  return adminJson('POST', listingPath(propertyId, 'dismiss'), ZAdminReportedListing);
}

/** The listing is rejected; its owner receives `message` by SMS. */
export function takeDownListing(
  propertyId: string,
  body: TAdminTakeDownBody,
): Promise<TAdminReportedListing> {
  return adminJson('POST', listingPath(propertyId, 'take-down'), ZAdminReportedListing, { body });
}

/** The publisher may no longer post and every listing of theirs is hidden; they get `message`. */
export function suspendPublisher(
  propertyId: string,
  message: string,
): Promise<TAdminReportedListing> {
  return adminJson('POST', listingPath(propertyId, 'suspend-publisher'), ZAdminReportedListing, {
    body: { message },
  });
}

export function upholdClaim(reportId: string): Promise<TAdminReportedListing> {
  return adminJson('POST', claimPath(reportId, 'uphold'), ZAdminReportedListing);
}

/** The subscriber receives `reason` by SMS. */
export function refuseClaim(reportId: string, reason: string): Promise<TAdminReportedListing> {
  return adminJson('POST', claimPath(reportId, 'refuse'), ZAdminReportedListing, {
    body: { reason },
  });
}
