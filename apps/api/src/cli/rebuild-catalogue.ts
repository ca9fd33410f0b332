/*
 * `npm run catalogue:rebuild`: renders every approved listing's catalogue card again, for the
 * configured database (embedded PGlite in DATA_DIR, or DATABASE_URL), migrated first. The API
 * rebuilds by itself when the card format changes; this is for by hand (after fixing data
 * outside the app, or to time it). Readers keep being answered from the cards already stored.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { rebuildCatalogueCards } from '../modules/properties/catalogue-cards';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    // A whole catalogue's batches: each statement is short, but the default limit guards requests.
    statementTimeoutMs: 0,
  });
  try {
    await migrateDatabase(handle);
    const started = Date.now();
    const count = await rebuildCatalogueCards(handle.db, (done) => {
      if (done % 50_000 === 0) {
        const perSecond = Math.round(done / ((Date.now() - started) / 1000));
        console.log(`catalogue: ${done.toLocaleString('en')} cards (${perSecond}/s)`);
      }
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`catalogue: ${count.toLocaleString('en')} cards rebuilt in ${seconds} s`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
