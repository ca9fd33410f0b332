import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';

/*
 * Setup file of the `api (unit)` project (vitest.config.ts): a file named *.unit.test.ts says it
 * never touches a database, so it runs once, not on each engine. The claim is checked, not
 * trusted: opening an embedded database, or connecting to the PostgreSQL server a test database
 * would be on, fails the test that tried (forbid-database.unit.test.ts proves it). Other
 * connections stay allowed: db/database-errors.unit.test.ts plays dead servers on other ports.
 */

export const FORBIDDEN =
  'this file is named *.unit.test.ts, which promises it opens no database: rename it *.test.ts so it runs on both engines';

/** The port of the server test databases are made on (TEST_DATABASE_URL), else PostgreSQL's. */
export const databaseServerPort = Number(
  new URL(inject('testDatabaseUrl') || 'postgres://x@h/x').port || 5432,
);

PGlite.create = () => Promise.reject(new Error(FORBIDDEN));

// Called below with the client it belongs to.
// eslint-disable-next-line @typescript-eslint/unbound-method
const connect = pg.Client.prototype.connect;
pg.Client.prototype.connect = function (this: pg.Client, ...args: unknown[]) {
  if (this.port === databaseServerPort) {
    const error = new Error(FORBIDDEN);
    const callback = args[0];
    if (typeof callback === 'function') {
      process.nextTick(() => (callback as (err: Error) => void)(error));
      return undefined;
    }
    return Promise.reject(error);
  }
  return (connect as (...a: unknown[]) => unknown).apply(this, args);
} as typeof connect;
