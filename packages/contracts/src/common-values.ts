/*
 * Shared values of common.ts, free of zod so the browser can import them without shipping a schema
 * library on the first visit. common.ts builds its schemas from these.
 */

/** The languages the product speaks. */
export const LOCALES = ['en', 'sw'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'en';

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The one error vocabulary shared by API and web. The API maps each code to an HTTP status in one
 * place; the web maps each code to a message in the user's language.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  /** The request's body stopped arriving (a client that lost its connection mid-upload). */
  'REQUEST_TIMEOUT',
  'CONFLICT',
  /** The account keeps FAVOURITES_MAX favourites already: one must go before another is saved. */
  'FAVOURITES_LIMIT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** A one-time code that does not match (the challenge stays open until its tries run out). */
  'OTP_INVALID',
  /** No open code for this phone: it expired, was used, or was replaced. A new one must be sent. */
  'OTP_EXPIRED',
  /** A listing that was in the catalogue and is no more because it was rented or sold. */
  'GONE',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * One rule for the whole site (decision 034): every public page exists in each language at its
 * own URL, `?lang=sw` and `?lang=en`; the URL without it is the x-default, in the language the
 * visitor chose before (this cookie) or their browser asks for.
 */
export const LANGUAGE_QUERY_PARAM = 'lang';
export const LANGUAGE_COOKIE = 'makazi_lang';

/**
 * The visitor's data-saver choice (decision 044), `on` or `off`: written by the switch in the
 * header, read by the browser and by the server, which renders a page for it. Without it both
 * follow the browser's own signals (Save-Data, a 2G/3G connection).
 */
export const DATA_SAVER_COOKIE = 'makazi_data_saver';

/**
 * The effective connection types slow enough for data saver: the ECT client hint the server reads
 * and the browser's navigator.connection use the same words. 3G is in: on a prepaid bundle, 3G is
 * where the photos cost most of a page.
 */
export const SLOW_CONNECTIONS: readonly string[] = ['slow-2g', '2g', '3g'];

/**
 * The query parameters a public page is made of: the catalogue's filters, its sort, the cursor of
 * a next-page link, and the language. Anything else in a page's URL (tracking tags such as
 * utm_source or fbclid) changes nothing on it, so the server renders and caches the page without
 * them, and its links never carry them.
 */
export const PAGE_QUERY_PARAMS = [
  'search',
  'type',
  'minPrice',
  'maxPrice',
  'sort',
  'cursor',
  LANGUAGE_QUERY_PARAM,
] as const;
