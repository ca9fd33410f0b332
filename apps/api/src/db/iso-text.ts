import { sql, type SQL } from 'drizzle-orm';

/*
 * Timestamps read by raw SQL leave the database as ISO text: the two drivers disagree on parsing
 * them (PGlite gives a Date, node-postgres a string unless told otherwise).
 */

const MILLIS_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const MICROS_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * `2026-11-22T09:00:00.123456Z`, as SQL text around a column expression: for the statements
 * written out by hand (the catalogue's read side).
 */
export const microsIsoText = (column: string): string =>
  `to_char(${column} at time zone 'UTC', ${MICROS_FORMAT})`;

/** `2026-11-22T09:00:00.123Z`: what the API answers. */
export const millisIso = (column: SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', ${sql.raw(MILLIS_FORMAT)})`;

/** `2026-11-22T09:00:00.123456Z`: for keyset cursors, which must tell microseconds apart. */
export const microsIso = (column: SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', ${sql.raw(MICROS_FORMAT)})`;
