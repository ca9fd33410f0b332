import type { TAdminPropertyRow } from '@makazi/contracts/admin';
import { jsonResponse, mockFetch } from '../../../testing/test-utils';

/*
 * The admin moderation API as this feature's page tests meet it, at the fetch boundary. (The
 * route tests in app/routes/admin drive the whole admin app; a feature may not import from app/.)
 */

export const PUBLISHER = {
  id: '00000000-0000-4000-8000-000000000999',
  name: 'Juma Hassan',
  phoneNumber: '+255754000111',
};

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** `routes` maps 'METHOD /api/path' (a trailing * matches a prefix) to an answer; else a 404. */
export function serveModeration(routes: Record<string, Handler>) {
  return mockFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const exact = routes[key];
    if (exact) return exact(url, init);
    for (const [pattern, handler] of Object.entries(routes)) {
      if (pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1))) return handler(url, init);
    }
    return jsonResponse(
      { statusCode: 404, code: 'NOT_FOUND', message: `No route ${key}` },
      { status: 404 },
    );
  });
}

/** The request init of every call to `method path`. */
export function callsTo(
  fetchMock: ReturnType<typeof mockFetch>,
  method: string,
  pathname: string,
): (RequestInit | undefined)[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return (
        new URL(raw, 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method
      );
    })
    .map(([, init]) => init);
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A row of GET /api/admin/properties. */
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

export function page<T>(items: T[]) {
  return { items, page: 1, pageSize: 20, total: items.length };
}
