import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import type { DatabaseHandle } from '../client';
import { insertDemoCatalogue } from './demo-catalogue';
import { seedLocations } from './locations';
import type { PhotoPool } from './photo-pool';
import { createPhotoPool } from './photo-pool';
import { seedPlans } from './plans';

/** Names "Makazi demo seeding" among advisory locks, so two starting processes seed once. */
const DEMO_SEED_LOCK_KEY = 0x6d616b617a64; // 'makazd'

export type SeedLog = (message: string) => void;

async function catalogueIsEmpty(handle: DatabaseHandle): Promise<boolean> {
  const { rows } = await handle.db.execute<{ any: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM properties) AS any`,
  );
  return rows[0]?.any !== true;
}

async function discardPool(storage: StorageGateway, pool: PhotoPool): Promise<void> {
  const keys = Object.values(pool).flatMap((photos) =>
    photos.flatMap((p) => p.variants.map((v) => v.key)),
  );
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

/**
 * Run at every start, after migrations: reference data (locations, plans) always, cheaply when
 * present; the demo catalogue only when config.seedDemo and there are no listings at all.
 */
export async function seedOnStart(
  handle: DatabaseHandle,
  storage: StorageGateway,
  config: Pick<AppConfig, 'seedDemo'>,
  log: SeedLog = () => undefined,
): Promise<void> {
  const started = Date.now();
  const locations = await seedLocations(handle.db);
  if (locations.inserted) {
    const c = locations.counts;
    log(
      `Loaded ${c.regions} regions, ${c.districts} districts, ${c.wards} wards, ${c.streets} streets`,
    );
  }
  const plans = await seedPlans(handle.db);
  if (plans > 0) log(`Added ${plans} plans`);

  if (!config.seedDemo || !(await catalogueIsEmpty(handle))) return;

  // Pictures first, outside any transaction: rendering takes seconds and needs no lock.
  const pool = await createPhotoPool(storage);
  const count = await handle.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    // Another process may have seeded while we drew the pictures.
    const { rows } = await tx.execute<{ any: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM properties) AS any`,
    );
    if (rows[0]?.any === true) return 0;
    return insertDemoCatalogue(tx, pool);
  });
  if (count === 0) {
    await discardPool(storage, pool);
    return;
  }
  log(`Seeded the demo catalogue: ${count} listings in ${Date.now() - started} ms`);
}
