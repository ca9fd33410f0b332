import type { TViewerProperty } from '@makazi/contracts/listings';
import type { TPropertyType } from '@makazi/contracts/property-values';
import {
  address,
  makeApartment,
  makeHouseForSale,
  makeLand,
  makePhoto,
  makeRent,
} from '../../../testing/fixtures';
import { USER, USER_SUB } from '../../../testing/account';
import { jsonResponse, mockFetch } from '../../../testing/test-utils';

/*
 * The publishing and location API as the wizard tests' fetch mock serves it. Every call answers
 * from its queue (the last answer repeats), so a test can make one call fail and the next succeed.
 */

export const LISTING_ID = '3f2c9a4e-8b1d-4c6e-9f7a-2d5b8e1c4a90';

/** The signed-in user's own record (testing/account signIn), whose phone a new listing starts with. */
const ACCOUNT_PATH = `/api/users/${USER_SUB}`;

/** The account as GET /api/users/{sub} answers it. */
export function accountAnswer(phoneNumber = USER.phoneNumber) {
  return jsonResponse({ ...USER, phoneNumber });
}

export const REGIONS = [
  { id: 7, name: 'Dar es Salaam' },
  { id: 8, name: 'Arusha' },
];
export const DISTRICTS: Record<string, { id: number; name: string }[]> = {
  '7': [
    { id: 30, name: 'Kinondoni' },
    { id: 31, name: 'Ilala' },
  ],
  '8': [{ id: 40, name: 'Arusha Mjini' }],
};
export const WARDS: Record<string, { id: number; name: string }[]> = {
  '30': [
    { id: 900, name: 'Mikocheni' },
    { id: 901, name: 'Msasani' },
  ],
  '31': [{ id: 910, name: 'Kariakoo' }],
  '40': [{ id: 950, name: 'Sekei' }],
};
export const STREETS: Record<string, { id: number; name: string }[]> = {
  '900': [
    { id: 4000, name: 'Mikocheni A' },
    { id: 4001, name: 'Mikocheni B' },
  ],
  '901': [{ id: 4100, name: 'Masaki' }],
  '910': [{ id: 4200, name: 'Msimbazi' }],
  '950': [{ id: 4300, name: 'Themi' }],
};

/** An owner's view of a listing: the public shape plus the owner fields. */
export function ownListing(type: TPropertyType, overrides: Record<string, unknown> = {}) {
  const base =
    type === 'Land'
      ? makeLand()
      : type === 'Rent'
        ? makeRent()
        : type === 'Apartment'
          ? makeApartment()
          : makeHouseForSale();
  return {
    ...base,
    id: LISTING_ID,
    status: 'draft',
    ownerPhoneNumber: '0712345678',
    rejectionReason: null,
    missingPictureLabels: [],
    ...overrides,
  } as unknown as TViewerProperty;
}

/** A listing as a fresh create answers it: a draft without address or photos. */
export function createdListing(type: TPropertyType) {
  return ownListing(type, { propertyAddress: null, photos: [], media: [] });
}

export { address, makePhoto };

type Answer = Response | ((init: RequestInit | undefined) => Response | Promise<Response>);

export interface PublishAnswers {
  create?: Answer[];
  update?: Answer[];
  address?: Answer[];
  get?: Answer[];
  regions?: Answer[];
  districts?: Answer[];
  /** The signed-in account; unanswered (404) unless queued, so no phone is pre-filled. */
  account?: Answer[];
}

function answerFrom(
  queue: Answer[],
  used: number,
  init: RequestInit | undefined,
): Response | Promise<Response> {
  const answer = queue[Math.min(used, queue.length - 1)];
  if (!answer)
    return jsonResponse({ statusCode: 500, code: 'INTERNAL', message: 'x' }, { status: 500 });
  return typeof answer === 'function' ? answer(init) : answer.clone();
}

/** An answer that never comes: the request ends only when it is aborted (the 10 s timeout). */
export function never(init: RequestInit | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The request was aborted', 'AbortError')),
    );
  });
}

/**
 * Serves the wizard's calls. Locations come from the tables above unless `regions`/`districts`
 * are queued; listing calls answer with the queued answers, or a plain success.
 */
export function servePublishing(type: TPropertyType, answers: PublishAnswers = {}) {
  const used: Record<keyof PublishAnswers, number> = {
    create: 0,
    update: 0,
    address: 0,
    get: 0,
    regions: 0,
    districts: 0,
    account: 0,
  };
  return mockFetch((url, init) => {
    const from = (key: keyof PublishAnswers, fallback: () => Response) => {
      const queue = answers[key];
      const count = used[key];
      used[key] += 1;
      return queue?.length ? answerFrom(queue, count, init) : fallback();
    };
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    let match: RegExpExecArray | null;
    if (path === '/api/locations/regions') return from('regions', () => jsonResponse(REGIONS));
    if ((match = /^\/api\/locations\/regions\/(\d+)$/.exec(path))) {
      const id = match[1] ?? '';
      return from('districts', () =>
        jsonResponse({ id: Number(id), name: 'Region', districts: DISTRICTS[id] ?? [] }),
      );
    }
    if ((match = /^\/api\/locations\/districts\/(\d+)$/.exec(path))) {
      const id = match[1] ?? '';
      return jsonResponse({ id: Number(id), name: 'District', wards: WARDS[id] ?? [] });
    }
    if ((match = /^\/api\/locations\/wards\/(\d+)$/.exec(path))) {
      const id = match[1] ?? '';
      return jsonResponse({ id: Number(id), name: 'Ward', streets: STREETS[id] ?? [] });
    }
    if (
      method === 'POST' &&
      /^\/api\/properties\/(land|lease|apartment|house-for-sale)$/.test(path)
    ) {
      return from('create', () => jsonResponse(createdListing(type), { status: 201 }));
    }
    if (method === 'POST' && path === `/api/properties/${LISTING_ID}/address`) {
      return from('address', () => jsonResponse(ownListing(type, { photos: [] })));
    }
    if (method === 'PATCH' && path === `/api/properties/${LISTING_ID}`) {
      return from('update', () => jsonResponse(ownListing(type)));
    }
    if (method === 'GET' && path === `/api/properties/${LISTING_ID}`) {
      return from('get', () => jsonResponse(ownListing(type)));
    }
    if (method === 'GET' && path === ACCOUNT_PATH) {
      return from('account', () =>
        jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 }),
      );
    }
    return jsonResponse(
      { statusCode: 404, code: 'NOT_FOUND', message: 'No such route' },
      { status: 404 },
    );
  });
}

/**
 * Every call but the read of the signed-in account (a new listing asks for its phone at once), as
 * 'METHOD /path': what the wizard sent or loaded for the listing itself.
 */
export function callsBesideAccount(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls
    .map(([input, init]) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return `${init?.method ?? 'GET'} ${new URL(raw, 'http://localhost').pathname}`;
    })
    .filter((call) => call !== `GET ${ACCOUNT_PATH}`);
}

/** The JSON bodies sent to `path` with `method`, in order. */
export function bodiesTo(
  fetchMock: ReturnType<typeof mockFetch>,
  method: string,
  path: string,
): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return (
        new URL(raw, 'http://localhost').pathname === path && (init?.method ?? 'GET') === method
      );
    })
    .map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    );
}

/** The API error body of a failed call. */
export function apiError(
  status: number,
  code: string,
  details?: { field: string; message: string }[],
) {
  return jsonResponse(
    { statusCode: status, code, message: 'Request failed', ...(details ? { details } : {}) },
    { status },
  );
}
