import { sql, type SQL } from 'drizzle-orm';

/*
 * Timestamps read by raw SQL leave the database as ISO text: the two drivers disagree on parsing
 * them (PGlite gives a Date, node-postgres a string unless told otherwise).
 */

/** `2026-11-22T09:00:00.123Z`: what the API answers. */
export const millisIso = (column: SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `2026-11-22T09:00:00.123456Z`: for keyset cursors, which must tell microseconds apart. */
export const microsIso = (column: SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
