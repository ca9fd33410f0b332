import type { TAdminReportEntry, TAdminReportedListing } from '@makazi/contracts/trust';
import { REPORT_REASONS, SCAM_REASONS, type TReportReason } from '@makazi/contracts/trust-values';
import { jsonResponse } from '../../../testing/test-utils';
import { serveModeration, type Handler } from './moderation-api';

/*
 * The admin reports queue as this feature's tests meet it, at the fetch boundary: fixtures, and a
 * fake of the API that keeps the queue and answers every action as the real one does (the
 * listing's updated entry; a listing with nothing left to decide leaves the queue).
 */

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeReport(
  n: number,
  overrides: Partial<TAdminReportEntry> = {},
): TAdminReportEntry {
  return {
    id: uuid(2000 + n),
    reason: 'fake',
    note: null,
    status: 'open',
    reporter: { id: uuid(3000 + n), name: `Reporter ${n}`, phoneNumber: `+2557540001${10 + n}` },
    createdAt: '2026-11-25T07:00:00.000Z',
    updatedAt: '2026-11-25T07:00:00.000Z',
    claim: null,
    ...overrides,
  };
}

const noCounts = () =>
  Object.fromEntries(REPORT_REASONS.map((reason) => [reason, 0])) as Record<TReportReason, number>;

/** The counts the API derives from the reports. */
function tally(listing: TAdminReportedListing): TAdminReportedListing {
  const counts = noCounts();
  for (const report of listing.reports) if (report.status === 'open') counts[report.reason] += 1;
  return {
    ...listing,
    counts,
    openReports: listing.reports.filter((report) => report.status === 'open').length,
    pendingClaims: listing.reports.filter((report) => report.claim?.status === 'pending').length,
  };
}

export function makeReportedListing(
  n: number,
  reports: TAdminReportEntry[],
  property: Partial<TAdminReportedListing['property']> = {},
): TAdminReportedListing {
  return tally({
    property: {
      id: uuid(n),
      title: `Nyumba ya kupanga ${n}`,
      type: 'Rent',
      status: 'approved',
      visibility: 'held_for_reports',
      contactVerified: false,
      takenAt: null,
      takenMarkedAt: null,
      publisher: {
        id: uuid(900 + n),
        name: `Owner ${n}`,
        phoneNumber: '+255712345678',
        suspended: false,
      },
      ...property,
    },
    counts: noCounts(),
    openReports: 0,
    pendingClaims: 0,
    lastReportAt: '2026-11-25T07:00:00.000Z',
    reports,
  });
}

const DECIDED_AT = '2026-11-25T09:00:00.000Z';

function closeOpen(
  listing: TAdminReportedListing,
  status: 'dismissed' | 'actioned',
): TAdminReportEntry[] {
  return listing.reports.map((report) =>
    report.status === 'open' ? { ...report, status, updatedAt: DECIDED_AT } : report,
  );
}

function decideClaim(
  report: TAdminReportEntry,
  status: 'upheld' | 'refused',
  decision: 'taken_down' | 'admin_upheld' | 'admin_refused',
): TAdminReportEntry {
  if (report.claim?.status !== 'pending') return report;
  return {
    ...report,
    claim: {
      ...report.claim,
      status,
      decision,
      decidedAt: DECIDED_AT,
      credited: status === 'upheld',
    },
  };
}

function body(init: RequestInit | undefined): Record<string, string> {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
}

/**
 * A fake reports API over `initial`. `overrides` answers a 'METHOD /api/path' (a trailing * for a
 * prefix) before the fake does: a failure, say.
 */
export function serveReports(
  initial: TAdminReportedListing[],
  overrides: Record<string, Handler> = {},
) {
  let listings = initial;
  const queued = () =>
    listings.filter((listing) => listing.openReports > 0 || listing.pendingClaims > 0);
  const update = (
    id: string,
    change: (listing: TAdminReportedListing) => TAdminReportedListing,
  ) => {
    const listing = listings.find((item) => item.property.id === id);
    if (!listing) {
      return jsonResponse(
        { statusCode: 404, code: 'NOT_FOUND', message: `Listing ${id} not found` },
        { status: 404 },
      );
    }
    const next = tally(change(listing));
    listings = listings.map((item) => (item.property.id === id ? next : item));
    return jsonResponse(next);
  };
  const onListing: Handler = (url, init) => {
    const [, , , , id = '', action] = url.pathname.split('/');
    if (action === 'dismiss') {
      return update(id, (listing) => ({
        ...listing,
        property: {
          ...listing.property,
          visibility:
            listing.property.visibility === 'held_for_reports'
              ? 'listed'
              : listing.property.visibility,
        },
        reports: closeOpen(listing, 'dismissed'),
      }));
    }
    if (action === 'take-down') {
      const scam = (SCAM_REASONS as readonly string[]).includes(body(init).reason ?? '');
      return update(id, (listing) => ({
        ...listing,
        property: { ...listing.property, status: 'rejected', visibility: null },
        reports: closeOpen(listing, 'actioned').map((report) =>
          scam ? decideClaim(report, 'upheld', 'taken_down') : report,
        ),
      }));
    }
    if (action === 'suspend-publisher') {
      return update(id, (listing) => ({
        ...listing,
        property: {
          ...listing.property,
          visibility: listing.property.visibility === null ? null : 'publisher_suspended',
          publisher: { ...listing.property.publisher, suspended: true },
        },
        reports: closeOpen(listing, 'actioned'),
      }));
    }
    throw new Error(`no such action ${url.pathname}`);
  };
  const onClaim: Handler = (url) => {
    const [, , , , reportId = '', action] = url.pathname.split('/');
    const listing = listings.find((item) => item.reports.some((report) => report.id === reportId));
    if (!listing) throw new Error(`no claim ${reportId}`);
    return update(listing.property.id, (current) => ({
      ...current,
      reports: current.reports.map((report) =>
        report.id !== reportId
          ? report
          : action === 'uphold'
            ? decideClaim(report, 'upheld', 'admin_upheld')
            : decideClaim(report, 'refused', 'admin_refused'),
      ),
    }));
  };
  return serveModeration({
    'GET /api/admin/reports': (url) => {
      const items = queued();
      return jsonResponse({
        items,
        page: Number(url.searchParams.get('page') ?? 1),
        pageSize: Number(url.searchParams.get('pageSize') ?? 20),
        total: items.length,
      });
    },
    'POST /api/admin/reports/*': onListing,
    'POST /api/admin/claims/*': onClaim,
    // Exact paths are matched before prefixes, so an override of one action wins.
    ...overrides,
  });
}
