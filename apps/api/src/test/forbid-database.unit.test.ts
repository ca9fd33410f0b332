import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { databaseServerPort, FORBIDDEN } from './forbid-database';
import { createTestDatabase } from './test-app';

// The guard behind the *.unit.test.ts marker: a marked file that opens a database fails.
describe('a file marked *.unit.test.ts', () => {
  it('cannot open an embedded database', async () => {
    await expect(openDatabase({})).rejects.toThrow(FORBIDDEN);
    await expect(createTestDatabase({ empty: true })).rejects.toThrow(FORBIDDEN);
  });

  it('cannot connect to the PostgreSQL server test databases live on', async () => {
    const url = `postgres://postgres@127.0.0.1:${databaseServerPort}/test`;
    await expect(openDatabase({ databaseUrl: url })).rejects.toThrow(FORBIDDEN);
  });

  it('may still connect elsewhere (a dead port is refused by the network, not by the guard)', async () => {
    const error: unknown = await openDatabase({ databaseUrl: 'postgres://x@127.0.0.1:1/x' }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain(FORBIDDEN);
  });
});
