/*
 * `npm run seed -- --listings N`: adds N generated approved listings (with photos) to the
 * configured database: embedded PGlite in DATA_DIR, or DATABASE_URL. Applies migrations and the
 * reference data first, so it works on an empty database too. Stop the server first when using
 * the embedded database: one PGlite directory serves one process.
 */
import path from 'node:path';
import { loadConfig } from '../../config';
import { createDiskStorage } from '../../gateways/storage/disk-storage';
import { openDatabase } from '../client';
import { migrateDatabase } from '../migrate';
import { insertBulkListings } from './bulk-listings';
import { seedLocations } from './locations';
import { createPhotoPool } from './photo-pool';
import { seedPlans } from './plans';

export const MAX_LISTINGS = 10_000_000;

const USAGE = `Usage: npm run seed -- --listings N [--batch-size M]

  --listings N     how many approved listings to add (1 to ${MAX_LISTINGS.toLocaleString('en')})
  --batch-size M   listings per INSERT statement (default 5,000 on PGlite, 10,000 on a server)

The database is the one the server uses: DATABASE_URL when set, else PGlite in DATA_DIR.`;

export class UsageError extends Error {}

export interface CliArgs {
  listings: number;
  batchSize: number | undefined;
}

function parseCount(flag: string, value: string | undefined, max: number): number {
  if (value === undefined || value === '' || value.startsWith('--')) {
    throw new UsageError(`${flag} needs a number`);
  }
  // Underscores and commas allowed for readability: 1_000_000, 100,000.
  const cleaned = value.replace(/[_,]/g, '');
  if (!/^\d+$/.test(cleaned))
    throw new UsageError(`${flag} must be a whole number, got "${value}"`);
  const n = Number(cleaned);
  if (n < 1 || n > max) throw new UsageError(`${flag} must be between 1 and ${max}, got ${value}`);
  return n;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let listings: number | undefined;
  let batchSize: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '--listings':
        listings = parseCount('--listings', value(), MAX_LISTINGS);
        break;
      case '--batch-size':
        batchSize = parseCount('--batch-size', value(), 100_000);
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  if (listings === undefined) throw new UsageError('--listings is required');
  return { listings, batchSize };
}

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
    const locations = await seedLocations(handle.db);
    await seedPlans(handle.db);
    const c = locations.counts;
    console.log(`seed: reference data ready (${c.regions} regions, ${c.streets} streets)`);

    const storage = createDiskStorage(path.join(config.dataDir, 'media'));
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
    console.log(`seed: photo pool stored in ${path.join(config.dataDir, 'media')}`);

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
