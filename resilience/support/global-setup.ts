import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '@makazi/bench/app-process';
import { dropDatabase, serverAdminUrl } from './postgres';
import { building } from './seeded-catalogue';

/**
 * The specs run the built server (`node apps/api/dist/server.js`), as production does. The
 * catalogue the load and cluster specs share (support/seeded-catalogue.ts) is named here, seeded
 * by the first of them, and dropped when the run ends.
 */
export default function setup({ provide }: TestProject): () => Promise<void> {
  ensureBuilt();
  const template = `makazi_resilience_catalogue_${process.pid}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-catalogue-'));
  provide('seededCatalogue', { template, dataDir });
  return async () => {
    await dropDatabase(serverAdminUrl, template);
    await dropDatabase(serverAdminUrl, building(template));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
