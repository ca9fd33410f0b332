/*
 * `npm run seed -- --listings N`: adds N generated approved listings (with photos) to the
 * configured database: embedded PGlite in DATA_DIR, or DATABASE_URL. Applies migrations and the
 * reference data first, so it works on an empty database too. Stop the server first when using
 * the embedded database: one PGlite directory serves one process.
 */
import path from 'node:path';
import { loadConfig } from '../../config';
import { createStorage } from '../../gateways/storage/create-storage';
import { openDatabase } from '../client';
import { migrateDatabase } from '../migrate';
import { ensureCatalogueCards } from '../../modules/properties/catalogue-cards';
import { insertBulkListings } from './bulk-listings';
import { seedLocations } from './locations';
import { createPhotoPool } from './photo-pool';
import { seedPlans } from './plans';
import type { CliArgs } from './cli-args';
import { USAGE, UsageError, parseCliArgs } from './cli-args';

const fmt = (n: number) => Math.round(n).toLocaleString('en');

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`seed: ${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    throw err;
  }

  const config = loadConfig();
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const where =
      handle.kind === 'postgres'
        ? `PostgreSQL server (${new URL(config.databaseUrl ?? '').host})`
        : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
    console.log(`seed: ${where}`);
    await migrateDatabase(handle);
    await ensureCatalogueCards(handle, (count) =>
      console.log(`seed: catalogue cards built for ${count} listings`),
    );
    const locations = await seedLocations(handle.db);
    await seedPlans(handle.db);
    const c = locations.counts;
    console.log(`seed: reference data ready (${c.regions} regions, ${c.streets} streets)`);

    const storage = createStorage(config.mediaStorage, { dataDir: config.dataDir });
    const pool = await createPhotoPool(
      storage,
      {
        house: 2,
        'apartment-block': 2,
        plot: 2,
        bedroom: 2,
        'living-room': 2,
        kitchen: 1,
        bathroom: 1,
      },
      Date.now() % 1000,
    );
    const photosWhere =
      config.mediaStorage.kind === 's3'
        ? `S3 bucket ${config.mediaStorage.bucket}`
        : path.join(config.dataDir, 'media');
    console.log(`seed: photo pool stored in ${photosWhere}`);

    const result = await insertBulkListings(handle, {
      count: args.listings,
      batchSize: args.batchSize,
      pool,
      onProgress: ({ done, total, elapsedMs, phase }) => {
        if (phase === 'indexes') {
          console.log('seed: building the indexes …');
          return;
        }
        const rate = done / Math.max(elapsedMs / 1000, 0.001);
        const pct = ((done / total) * 100).toFixed(0).padStart(3);
        console.log(
          `seed: ${pct}%  ${fmt(done)} / ${fmt(total)} listings  ${fmt(rate)} listings/s`,
        );
      },
    });
    const seconds = result.elapsedMs / 1000;
    if (!result.fastPath)
      console.log('seed: (ran with per-row checks: the role may not skip triggers)');
    console.log(
      `seed: added ${fmt(result.inserted)} listings in ${seconds.toFixed(1)} s ` +
        `(${fmt(result.inserted / seconds)} listings/s; total ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error('seed: failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
