import { isErrorCode, type TErrorCode } from '@makazi/contracts/common-values';
import type { TTakenListing } from '@makazi/contracts/properties';
import { isRecord, isTakenListing } from './guards';
import { isOffline, noteServedFromCopy } from './use-online';
import { clearSession, getSession, readStoredSession, tokenExpiry, updateSession } from './session';

/** An API request gives up after 10 s, so a stalled 3G connection surfaces as an error. */
export const API_TIMEOUT_MS = 10_000;

/** Codes the server sends, plus the two failures that never reach it. */
export type TApiErrorCode = TErrorCode | 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';

export class ApiError extends Error {
  readonly status: number;
  readonly code: TApiErrorCode;
  readonly details: { field: string; message: string }[];
  /** From a 429's Retry-After header: when trying again can succeed. */
  retryAfterSeconds: number | undefined;
  /** A checkout's 409 while an earlier payment still waits for the payer: that payment. */
  paymentId: string | undefined;
  /** A listing's 410 (GONE): what the public may still know of it, rented or sold. */
  takenListing: TTakenListing | undefined;

  constructor(
    status: number,
    code: TApiErrorCode,
    message: string,
    details: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiResponse<T> {
  data: T;
  /** The `cursor` of the `Link: <…>; rel="next"` header; null on the last page. */
  nextCursor: string | null;
}

export type TQueryValue = string | number | undefined | null;

let acceptLanguage = 'en';

/** The i18n layer calls this on every language change so the API answers in the same language. */
export function setApiLanguage(language: string): void {
  acceptLanguage = language;
}

export function buildApiUrl(path: string, query: Record<string, TQueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `/api${path}?${qs}` : `/api${path}`;
}

/** Reads the cursor out of an RFC 8288 Link header such as `</api/properties?cursor=abc>; rel="next"`. */
export function parseNextCursor(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (!match) continue;
    const [, target = '', params = ''] = match;
    if (!/\brel="?next"?/i.test(params)) continue;
    const url = new URL(target, 'http://link.invalid');
    return url.searchParams.get('cursor');
  }
  return null;
}

type FieldError = { field: string; message: string };

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';
}

/**
 * The API's error body (`TErrorResponse` of the contracts), checked field by field: anything else
 * (HTML from a proxy, a half-written body, an unknown code) is not trusted at all.
 */
export function parseErrorBody(body: unknown): ApiError | null {
  if (!isRecord(body)) return null;
  const { statusCode, code, message, details, paymentId, listing } = body;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode)) return null;
  if (!isErrorCode(code) || typeof message !== 'string') return null;
  if (details !== undefined && !(Array.isArray(details) && details.every(isFieldError)))
    return null;
  const error = new ApiError(statusCode, code, message, details ?? []);
  if (typeof paymentId === 'string') error.paymentId = paymentId;
  if (code === 'GONE' && isTakenListing(listing)) error.takenListing = listing;
  return error;
}

/*
 * The two halves of reading an error answer that the admin client (features/admin/api) shares:
 * exported from here, zod-free, so it adds nothing to the first visit. How the body becomes an
 * error stays separate: this client trusts only the contract's codes, the admin one any string.
 */

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); undefined when absent. */
export function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** An error answer's JSON body, or null when it has none. */
export async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // A proxy or a crash can answer with HTML; the status still tells what happened.
    return null;
  }
}

async function readError(response: Response): Promise<ApiError> {
  const body = await readErrorBody(response);
  const error =
    parseErrorBody(body) ??
    new ApiError(
      response.status,
      response.status === 404 ? 'NOT_FOUND' : response.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL',
      response.statusText || 'Request failed',
    );
  error.retryAfterSeconds = retryAfterSeconds(response);
  return error;
}

/** A cheap check of a response body's shape; see apiGet. */
export type BodyCheck<T> = (body: unknown) => body is T;

export interface ApiRequestOptions {
  signal?: AbortSignal;
  /**
   * Send the signed-in user's access token. A token about to expire is refreshed first, and a 401
   * is answered by one refresh and one retry; when the refresh token is refused the session ends.
   */
  auth?: boolean;
}

export interface ApiGetOptions extends ApiRequestOptions {
  query?: Record<string, TQueryValue>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One HTTP exchange with the 10 s budget. Every failure becomes an ApiError: the server's
 * `{statusCode, code, message, details}`, a timeout, or no network. A caller's abort is rethrown.
 */
async function exchange(
  method: Method,
  url: string,
  { body, token, signal }: { body?: unknown; token?: string; signal?: AbortSignal },
): Promise<Response> {
  // Offline, only a public read may still be answered (by the service worker's copy); anything
  // else (signing in, a contact, a payment) says at once that it needs the internet, rather than
  // spinning until the browser gives up.
  if (isOffline() && (method !== 'GET' || token)) {
    throw new ApiError(0, 'NETWORK', 'The browser is offline');
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  // AbortSignal.any is missing from older Android WebViews, so the caller's signal is forwarded by hand.
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': acceptLanguage,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(0, 'TIMEOUT', 'The request timed out');
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK', 'The network request failed');
    }
    // Only the network answers these (the service worker keeps no copy of them): the page is
    // online again, whatever it showed from copies before. Public reads are the worker's to tell.
    if (method !== 'GET' || token) noteServedFromCopy(false);
    // Error bodies are read by the caller; 204 and friends have no body to wait for.
    if (!response.ok || response.status === 204 || response.status === 205) return response;
    // Read the body inside the time budget, so a body that stalls on 3G is a timeout too.
    const text = await response.text().catch((error: unknown) => {
      if (timedOut) throw new ApiError(0, 'TIMEOUT', 'The request timed out');
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK', 'The network request failed');
    });
    return new Response(text, { status: response.status, headers: response.headers });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** A token this close to its expiry is refreshed before use, saving a wasted 401 round trip on 3G. */
const REFRESH_AHEAD_SECONDS = 20;

function isRefreshAnswer(body: unknown): body is { token: string; refreshToken: string } {
  return isRecord(body) && typeof body.token === 'string' && typeof body.refreshToken === 'string';
}

let refreshing: Promise<string | null> | null = null;

async function exchangeRefreshToken(staleToken: string): Promise<string | null> {
  // Another tab may have refreshed already: the refresh token we hold would then be spent, and
  // spending it again would look like theft and end the session everywhere.
  const stored = readStoredSession() ?? getSession();
  if (!stored) return null;
  if (stored.token !== staleToken) {
    updateSession({ token: stored.token, refreshToken: stored.refreshToken });
    return stored.token;
  }
  if (!stored.refreshToken) {
    clearSession();
    return null;
  }
  const response = await exchange('POST', buildApiUrl('/auth/refresh-token'), {
    body: { refreshToken: stored.refreshToken },
  });
  if (response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (!isRefreshAnswer(body)) {
      throw new ApiError(response.status, 'BAD_RESPONSE', 'The response has an unexpected shape');
    }
    updateSession({ token: body.token, refreshToken: body.refreshToken });
    return body.token;
  }
  // Only the server's refusal ends the session; a network failure or a 5xx leaves it for a retry.
  if (response.status === 400 || response.status === 401) {
    clearSession();
    return null;
  }
  throw await readError(response);
}

/**
 * The next access token after `staleToken`: one refresh at a time in this tab, and one across tabs
 * where the Web Locks API exists. null means the session has ended.
 */
export function refreshAccessToken(staleToken: string): Promise<string | null> {
  refreshing ??= (
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request('makazi-session-refresh', () => exchangeRefreshToken(staleToken))
      : exchangeRefreshToken(staleToken)
  ).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function signedOut(): ApiError {
  return new ApiError(401, 'UNAUTHORIZED', 'You must be logged in');
}

async function currentAccessToken(): Promise<string> {
  const session = getSession();
  if (!session) throw signedOut();
  const expiry = tokenExpiry(session.token);
  if (expiry !== null && expiry - REFRESH_AHEAD_SECONDS <= Date.now() / 1000) {
    const fresh = await refreshAccessToken(session.token);
    if (!fresh) throw signedOut();
    return fresh;
  }
  return session.token;
}

async function request(
  method: Method,
  url: string,
  body: unknown,
  { signal, auth = false }: ApiRequestOptions,
): Promise<Response> {
  if (!auth) return exchange(method, url, { body, signal });
  const token = await currentAccessToken();
  const response = await exchange(method, url, { body, token, signal });
  if (response.status !== 401) return response;
  const fresh = await refreshAccessToken(token);
  if (!fresh) throw signedOut();
  return exchange(method, url, { body, token: fresh, signal });
}

async function readBody<T>(response: Response, check: BodyCheck<T>): Promise<T> {
  if (!response.ok) throw await readError(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', 'The response was not JSON');
  }
  if (!check(body)) {
    throw new ApiError(response.status, 'BAD_RESPONSE', 'The response has an unexpected shape');
  }
  return body;
}

/**
 * GET a JSON resource. The API serialises every response through its zod schema, so the browser
 * only checks the body's outline (`check`: an array, an object with an id …) to catch a proxy's or
 * an old server's answer, instead of shipping the schemas.
 */
export async function apiGet<T>(
  path: string,
  check: BodyCheck<T>,
  { query, ...options }: ApiGetOptions = {},
): Promise<ApiResponse<T>> {
  const response = await request('GET', buildApiUrl(path, query), undefined, options);
  const data = await readBody(response, check);
  return { data, nextCursor: parseNextCursor(response.headers.get('Link')) };
}

/** POST, PATCH, PUT or DELETE a JSON body; the answer is checked like apiGet's. */
export async function apiSend<T>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body: unknown,
  check: BodyCheck<T>,
  options: ApiRequestOptions = {},
): Promise<T> {
  return readBody(await request(method, buildApiUrl(path), body, options), check);
}

/**
 * apiSend for a route whose status says something the body does not (201 a new record, 200 one
 * that replaced the earlier): the checked body with the status it came with.
 */
export async function apiSendWithStatus<T>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body: unknown,
  check: BodyCheck<T>,
  options: ApiRequestOptions = {},
): Promise<{ status: number; data: T }> {
  const response = await request(method, buildApiUrl(path), body, options);
  return { status: response.status, data: await readBody(response, check) };
}

/**
 * POST, PATCH, PUT or DELETE for a route that answers 204 No Content: resolves once the API has
 * accepted the request; any error answer is thrown like apiSend's.
 */
export async function apiSendNoContent(
  method: Exclude<Method, 'GET'>,
  path: string,
  body: unknown,
  options: ApiRequestOptions = {},
): Promise<void> {
  const response = await request(method, buildApiUrl(path), body, options);
  if (!response.ok) throw await readError(response);
}

/*
 * For requests that cannot go through fetch: a resumable photo upload goes through tus-js-client
 * (features/create-listing/api/photo-uploads.ts), which sets each request's token itself. They
 * take the same token, refresh and language.
 */

/** The signed-in user's access token, refreshed first when about to expire; a 401 ApiError when signed out. */
export function getAccessToken(): Promise<string> {
  return currentAccessToken();
}

/** The language the API is asked to answer in (the Accept-Language of every request). */
export function getApiLanguage(): string {
  return acceptLanguage;
}
