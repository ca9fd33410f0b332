import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PRICE_INSIGHT_MIN_LISTINGS } from '@makazi/contracts/saved-values';
import { openDatabase } from '../apps/api/src/db/client';
import { createPriceInsightsRepository } from '../apps/api/src/modules/insights/price-insights.repository';
import type { PreparedDataset } from './datasets';

/** One run of the price insights job at a dataset's size (issue 21). */
export interface PriceInsightsTiming {
  /** Wall time of each run, back to back, in milliseconds. */
  runsMs: number[];
  /** Groups (type, area, bedrooms) each run stored. */
  groups: number;
}

const RUNS = 3;

/**
 * Times the job's recompute (one pass over the listed listings and the table replaced in one
 * transaction), through the API's own repository from this process, before the server starts:
 * the embedded database serves one process at a time.
 */
export async function timePriceInsights(dataset: PreparedDataset): Promise<PriceInsightsTiming> {
  const databaseUrl = dataset.env.DATABASE_URL || undefined;
  const dataDir = dataset.env.DATA_DIR ?? '';
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'pglite') },
  );
  try {
    const repository = createPriceInsightsRepository(database.db);
    const runsMs: number[] = [];
    let groups = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      groups = await repository.recompute(new Date(), PRICE_INSIGHT_MIN_LISTINGS);
      runsMs.push(Math.round(performance.now() - started));
    }
    return { runsMs, groups };
  } finally {
    await database.close();
  }
}
