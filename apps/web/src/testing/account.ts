import type { TViewerProperty } from '@makazi/contracts/listings';
import type { TProperty } from '@makazi/contracts/properties';
import { setSession, type Session } from '../lib/session';
import { jsonResponse } from './test-utils';

/*
 * A signed-in user for the header, profile and guard tests. lib/session caches what it read, so a
 * test signs in through setSession (which also writes the four storage keys), never storage alone.
 */

export const USER_SUB = '2b9d6c1e-4f3a-4e8b-9c7d-1a2b3c4d5e6f';

export const USER = {
  id: USER_SUB,
  firstName: 'Amina',
  lastName: 'Juma',
  phoneNumber: '+255712345678',
};

/** The signed-in user as a listing names its publisher. */
export const PUBLISHER = { id: USER_SUB, firstName: USER.firstName, lastName: USER.lastName };

/**
 * `property` as GET /api/properties/{id} answers its owner, the signed-in user: with the owner's
 * fields (the listing's phone, the status details).
 */
export function ownView(
  property: TProperty,
  owner: Partial<TViewerProperty> = {},
): TViewerProperty {
  return {
    ...property,
    publishedBy: PUBLISHER,
    ownerPhoneNumber: '0712345678',
    rejectionReason: null,
    missingPictureLabels: [],
    ...owner,
  } as TViewerProperty;
}

export function signIn(overrides: Partial<Session> = {}): Session {
  const session: Session = {
    token: 'access-token-1',
    refreshToken: 'refresh-token-1',
    user: 'Amina Juma',
    sub: USER_SUB,
    ...overrides,
  };
  setSession(session);
  return session;
}

/** An error body as the API sends it (TErrorResponse). */
export function apiErrorResponse(status: number, code: string, message = 'Request failed') {
  return jsonResponse({ statusCode: status, code, message }, { status });
}

/** The JSON body a mocked fetch was called with. */
export function sentBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

/** The Authorization header a mocked fetch was called with. */
export function sentAuthorization(init: RequestInit | undefined): string | undefined {
  const headers = init?.headers;
  if (!headers || headers instanceof Headers || Array.isArray(headers)) return undefined;
  return headers.Authorization;
}

/** The request options of every call a mocked fetch got for one path (and method, when given). */
export function requestsTo(
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  pathname: string,
  method?: string,
): (RequestInit | undefined)[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return (
        new URL(raw, 'http://localhost').pathname === pathname &&
        (method === undefined || (init?.method ?? 'GET') === method)
      );
    })
    .map(([, init]) => init);
}

/** The Authorization header of every call a mocked fetch got for one path (and method, when given). */
export function authorizationsTo(
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  pathname: string,
  method?: string,
): (string | undefined)[] {
  return requestsTo(fetchMock, pathname, method).map(sentAuthorization);
}
