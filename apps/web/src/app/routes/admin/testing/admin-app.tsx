import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen } from '@testing-library/react';
import type {
  TAdminDashboard,
  TAdminPaymentRow,
  TAdminPaymentsResponse,
  TAdminPropertyRow,
  TAdminUserDetail,
  TAdminUserRow,
} from '@makazi/contracts/admin';
import { PAYMENT_STATUSES } from '@makazi/contracts/payment-values';
import { AppProvider } from '../../../provider';
import { adminRoutes } from '../../../admin-routes';
import { createI18n } from '../../../../lib/i18n';
import enAdmin from '../../../../locales/en/admin.json';
import swAdmin from '../../../../locales/sw/admin.json';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  testResources,
} from '../../../../testing/test-utils';
import { clearAdminToken, setAdminToken } from '../../../../features/admin/api/admin-session';

export const ADMIN_TOKEN = 'admin-token-1';
export const ADMIN_ID = '0b8f9a52-3c1d-4e6f-8a9b-0c1d2e3f4a5b';

export const adminResources = {
  en: { ...testResources.en, admin: enAdmin },
  sw: { ...testResources.sw, admin: swAdmin },
};

/** Signs the admin in the way the login page does (sessionStorage, through the session module). */
export function signInAdmin(token = ADMIN_TOKEN): void {
  setAdminToken(token);
}

export function signOutAdmin(): void {
  clearAdminToken('signedOut');
  window.sessionStorage.clear();
}

/** The admin routes in a memory router, with the admin texts, starting at `url`. */
export async function renderAdmin(
  url: string,
  { language = 'en' }: { language?: 'en' | 'sw' } = {},
) {
  const i18n = await createI18n({ language, resources: adminResources });
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(adminRoutes, { initialEntries: [url] });
  const result = render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, i18n };
}

export function currentPath(router: { state: { location: { pathname: string; search: string } } }) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

/** An error body as the admin API sends it. */
export function adminError(
  status: number,
  code: string,
  message: string,
  extra: { details?: { field: string; message: string }[]; headers?: Record<string, string> } = {},
) {
  return jsonResponse(
    { statusCode: status, code, message, ...(extra.details ? { details: extra.details } : {}) },
    { status, headers: extra.headers },
  );
}

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A fake admin API: `routes` maps 'METHOD /api/path' (the path may end in a * for a prefix) to an
 * answer; /api/admin/me answers the admin unless a route says otherwise; everything else is a 404.
 */
export function serveAdmin(routes: Record<string, Handler>) {
  const table: Record<string, Handler> = {
    'GET /api/admin/me': () => jsonResponse({ id: ADMIN_ID, username: 'moderator' }),
    'POST /api/admin/logout': () => new Response(null, { status: 204 }),
    ...routes,
  };
  return mockFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const exact = table[key];
    if (exact) return exact(url, init);
    for (const [pattern, handler] of Object.entries(table)) {
      if (pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1))) return handler(url, init);
    }
    return adminError(404, 'NOT_FOUND', `No route ${key}`);
  });
}

/** The request init of every call to `method path`. */
export function callsTo(
  fetchMock: ReturnType<typeof mockFetch>,
  method: string,
  pathname: string,
): { url: URL; init: RequestInit | undefined }[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      ),
      init,
    }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method);
}

export function authorizationOf(init: RequestInit | undefined): string | undefined {
  const headers = init?.headers as Record<string, string> | undefined;
  return headers?.Authorization;
}

export function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

/** Waits for the admin frame (top bar) to be drawn. */
export function findSignOut() {
  return screen.findByRole('button', { name: 'Sign out' });
}

// ---------------------------------------------------------------- fixtures

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeRow(n: number, overrides: Partial<TAdminPropertyRow> = {}): TAdminPropertyRow {
  return {
    id: uuid(n),
    type: 'Land',
    title: `Plot number ${n}`,
    status: 'pending',
    regionName: 'Dar es Salaam',
    price: 1_000_000 * n,
    publisher: { id: uuid(900 + n), name: `Owner ${n}`, phoneNumber: '+255712345678' },
    coverUrl: null,
    contactVerified: false,
    rejectionReason: null,
    pendingChange: null,
    duplicatePhotos: [],
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function page<T>(items: T[], total = items.length, pageNumber = 1, pageSize = 20) {
  return { items, page: pageNumber, pageSize, total };
}

export function makeUser(n: number, overrides: Partial<TAdminUserRow> = {}): TAdminUserRow {
  return {
    id: uuid(500 + n),
    firstName: 'Asha',
    lastName: `Mwinyi${n}`,
    name: `Asha Mwinyi${n}`,
    phoneNumber: `+25571234560${n}`,
    numberOfProperties: n,
    permissions: { canEdit: true, canDelete: true, canPost: true, reportsHeard: true },
    createdAt: '2026-10-01T08:00:00.000Z',
    ...overrides,
  };
}

export function makeUserDetail(user = makeUser(1)): TAdminUserDetail {
  return {
    user,
    subscription: { isActive: true, endsAt: '2026-12-31T21:00:00.000Z' },
    properties: [
      {
        id: uuid(701),
        type: 'Rent',
        title: 'Two bedroom house',
        description: 'Near the main road in Sinza',
        status: 'approved',
        createdAt: '2026-11-01T08:00:00.000Z',
      },
      {
        id: uuid(702),
        type: 'Land',
        title: 'Plot in Kigamboni',
        description: 'Fenced plot with title deed',
        status: 'rejected',
        createdAt: '2026-11-02T08:00:00.000Z',
      },
    ],
  };
}

export function makePayment(
  n: number,
  overrides: Partial<TAdminPaymentRow> = {},
): TAdminPaymentRow {
  return {
    id: uuid(300 + n),
    createdAt: '2026-11-21T09:30:00.000Z',
    completedAt: '2026-11-21T09:31:00.000Z',
    user: { id: uuid(500 + n), name: `Payer ${n}`, phoneNumber: '+255712000000' },
    purpose: 'subscription',
    plan: { id: uuid(400), durationInDays: 30 },
    propertyId: null,
    provider: 'airtelmoney',
    amount: 10_000 * n,
    status: 'succeeded',
    reason: null,
    payerPhone: '+255712000000',
    providerReference: `REF${n}`,
    ...overrides,
  };
}

export function paymentsPage(items: TAdminPaymentRow[]): TAdminPaymentsResponse {
  return {
    ...page(items),
    totals: {
      count: items.length,
      succeededAmount: items
        .filter((item) => item.status === 'succeeded')
        .reduce((sum, item) => sum + item.amount, 0),
      byStatus: Object.fromEntries(
        PAYMENT_STATUSES.map((status) => [
          status,
          items.filter((item) => item.status === status).length,
        ]),
      ) as TAdminPaymentsResponse['totals']['byStatus'],
    },
  };
}

export function makeDashboard(overrides: Partial<TAdminDashboard> = {}): TAdminDashboard {
  return {
    totalUsers: 1234,
    totalPlots: 56,
    totalHousesForRent: 78,
    totalApartments: 90,
    totalHousesForSale: 12,
    awaitingReview: 7,
    paymentsNeedingReview: 0,
    revenueThisMonth: 2_500_000,
    daily: Array.from({ length: 30 }, (_, index) => ({
      day: `2026-10-${String(index + 1).padStart(2, '0')}`,
      newListings: index % 5,
      revenue: index * 10_000,
    })),
    ...overrides,
  };
}
