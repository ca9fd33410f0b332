/*
 * What a failed query says about the database, read from the driver's error however it is wrapped
 * (Drizzle puts the driver's error in `cause`; node-postgres and PGlite carry a SQLSTATE `code`,
 * node-postgres also Node's socket codes).
 */

function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** PostgreSQL refuses some text a request can carry: a NUL character, "\u0000" in jsonb. */
const INVALID_TEXT_SQLSTATES = new Set(['22021', '22P05']);

export function isInvalidTextError(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (typeof link.code === 'string' && INVALID_TEXT_SQLSTATES.has(link.code)) return true;
  }
  return false;
}

/**
 * The server is restarting, unreachable, out of connections or too slow to answer within the
 * statement timeout: nothing the request did wrong, and worth trying again in a moment.
 *  - 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting
 *    down), 53300 too_many_connections, 57014 query_canceled (our statement_timeout), and class 08
 *    (connection exceptions);
 *  - the socket errors of a connection refused, reset or cut;
 *  - node-postgres' own messages, which carry no code: a connection ended under a query, no
 *    connection free within the pool's connect timeout, a client already broken.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
];

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) {
      return true;
    }
  }
  return false;
}

/**
 * The driver's own words for a failure ("57P01 terminating connection due to administrator
 * command"): what the log needs, without the wrapper's SQL text and parameters, which can carry
 * people's phone numbers.
 */
export function driverFailure(error: unknown): string {
  let innermost: { code?: unknown; message?: unknown } = {};
  for (const link of errorChain(error)) innermost = link;
  const code = typeof innermost.code === 'string' ? `${innermost.code} ` : '';
  return `${code}${typeof innermost.message === 'string' ? innermost.message : 'unknown error'}`;
}
