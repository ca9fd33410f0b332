import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { databaseUrl } from '../test/database-template';
import { openDatabase } from './client';

const serverUrl = inject('testDatabaseUrl');

async function onServer<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

describe('openDatabase on a PostgreSQL server', () => {
  it('fails at start, not at the first request, when the server cannot be reached', async () => {
    // Port 1 on loopback: nothing listens there.
    await expect(
      openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/makazi' }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

// Only a real server has connections to lose: the PGlite run has nothing to terminate.
if (serverUrl) {
  describe('a pooled connection the server ends inside a transaction', () => {
    it('fails that transaction without crashing the process, and the next query works', async () => {
      const name = `makazi_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await onServer((admin) => admin.query(`CREATE DATABASE "${name}"`));
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolMax: 2 });
      const crashes: unknown[] = [];
      const onUncaught = (err: unknown): void => {
        crashes.push(err);
      };
      process.on('uncaughtException', onUncaught);
      const { raw } = handle;
      if (raw.kind !== 'postgres') throw new Error('expected a server pool');
      const ended = new Promise<void>((resolve) => {
        raw.pool.once('acquire', (client: pg.PoolClient) => client.once('end', resolve));
      });
      try {
        const outcome = await handle.db
          .transaction(async (tx) => {
            const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
            // What a server restart does to this session, while it sits between two statements.
            await onServer((admin) =>
              admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]),
            );
            // The connection's end (and its 'error' event) arrives before the next statement.
            await ended;
            await tx.execute(sql`select 1`);
          })
          .then(
            () => 'committed',
            () => 'failed',
          );
        expect(outcome).toBe('failed');
        expect(crashes).toEqual([]);
        const { rows } = await handle.db.execute<{ ok: number }>(sql`select 1 as ok`);
        expect(rows).toEqual([{ ok: 1 }]);
      } finally {
        process.off('uncaughtException', onUncaught);
        await handle.close();
        await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      }
    });
  });

  describe('closing while a caller waits for a connection', () => {
    it('serves that caller first instead of leaving it to time out', async () => {
      const name = `makazi_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await onServer((admin) => admin.query(`CREATE DATABASE "${name}"`));
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolMax: 1 });
      try {
        const { raw } = handle;
        if (raw.kind !== 'postgres') throw new Error('expected a server pool');
        // The pool's one connection is taken: the query waits for it, as a job's may at close.
        const held = await raw.pool.connect();
        const waiting = handle.db.execute<{ ok: number }>(sql`select 1 as ok`).then(
          ({ rows }) => rows,
          (err: unknown) => (err instanceof Error ? err.message : 'failed'),
        );
        expect(raw.pool.waitingCount).toBe(1);
        const closed = handle.close();
        held.release();
        // pg's own end() would drop the connection released here and leave the query waiting
        // out its 10 s connection timeout, then fail.
        await expect(waiting).resolves.toEqual([{ ok: 1 }]);
        await closed;
        expect(raw.pool.totalCount).toBe(0);
      } finally {
        await handle.close();
        await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      }
    });
  });
}
