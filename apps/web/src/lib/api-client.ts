import { isErrorCode, type TErrorCode } from '@makazi/contracts/common-values';
import { isRecord } from './guards';

/** Spec 9: an API request gives up after 10 s, so a stalled 3G connection surfaces as an error. */
export const API_TIMEOUT_MS = 10_000;

/** Codes the server sends, plus the two failures that never reach it. */
export type TApiErrorCode = TErrorCode | 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';

export class ApiError extends Error {
  readonly status: number;
  readonly code: TApiErrorCode;
  readonly details: { field: string; message: string }[];

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
  const { statusCode, code, message, details } = body;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode)) return null;
  if (!isErrorCode(code) || typeof message !== 'string') return null;
  if (details !== undefined && !(Array.isArray(details) && details.every(isFieldError)))
    return null;
  return new ApiError(statusCode, code, message, details ?? []);
}

async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy or a crash can answer with HTML; the status still tells what happened.
  }
  const parsed = parseErrorBody(body);
  if (parsed) return parsed;
  const code: TApiErrorCode = response.status === 404 ? 'NOT_FOUND' : 'INTERNAL';
  return new ApiError(response.status, code, response.statusText || 'Request failed');
}

export interface ApiGetOptions {
  query?: Record<string, TQueryValue>;
  signal?: AbortSignal;
}

/** A cheap check of a response body's shape; see apiGet. */
export type BodyCheck<T> = (body: unknown) => body is T;

/**
 * GET a JSON resource. The API serialises every response through its zod schema, so the browser
 * only checks the body's outline (`check`: an array, an object with an id …) to catch a proxy's or
 * an old server's answer, instead of shipping the schemas. Every failure becomes one ApiError: the
 * server's `{statusCode, code, message, details}`, a body of the wrong shape, a timeout, or no network.
 */
export async function apiGet<T>(
  path: string,
  check: BodyCheck<T>,
  { query, signal }: ApiGetOptions = {},
): Promise<ApiResponse<T>> {
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

  try {
    let response: Response;
    try {
      response = await fetch(buildApiUrl(path, query), {
        headers: { Accept: 'application/json', 'Accept-Language': acceptLanguage },
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(0, 'TIMEOUT', 'The request timed out');
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK', 'The network request failed');
    }
    if (!response.ok) throw await readError(response);

    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (timedOut) throw new ApiError(0, 'TIMEOUT', 'The request timed out');
      throw new ApiError(response.status, 'BAD_RESPONSE', 'The response was not JSON');
    }
    if (!check(body)) {
      throw new ApiError(response.status, 'BAD_RESPONSE', 'The response has an unexpected shape');
    }
    return { data: body, nextCursor: parseNextCursor(response.headers.get('Link')) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
