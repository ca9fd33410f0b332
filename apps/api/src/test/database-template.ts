import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { ensureCatalogueCards } from '../modules/properties/catalogue-cards';

/*
 * Global setup of the database projects (vitest.config.ts): the schema is built once per run and
 * every test file gets a copy (decision 046). Replaying the 21 migrations per file cost a fresh
 * PGlite 5–9 s (initdb) plus the migrations, and a server database about 250 ms; a copy costs
 * about 1 s (PGlite loading a dumped data directory) or 40–60 ms (CREATE DATABASE … TEMPLATE).
 * db/migrate.test.ts still migrates an empty database on both engines.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite run: a dumped data directory (tar) of a migrated database, loaded per test file. */
    pgliteTemplateFile: string;
    /** Server run: a migrated database on the TEST_DATABASE_URL server, copied per test file. */
    serverTemplateDatabase: string;
  }
}

/** What a test file's fresh database starts as: migrated, with the catalogue cards in place. */
async function prepareSchema(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  await ensureCatalogueCards(handle);
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = project.getProvidedContext().testDatabaseUrl;
  if (serverUrl) {
    const name = `makazi_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolMax: 2 });
    try {
      await prepareSchema(handle);
    } finally {
      // A template copies only while nobody is connected to it.
      await handle.close();
    }
    project.provide('serverTemplateDatabase', name);
    return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'makazi-pglite-template-'));
  const handle = await openDatabase({});
  try {
    await prepareSchema(handle);
    if (handle.raw.kind !== 'pglite') throw new Error('expected an embedded database');
    const dump = await handle.raw.client.dumpDataDir('none');
    const file = path.join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
  } finally {
    await handle.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
