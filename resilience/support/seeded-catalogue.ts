import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { seedListings } from '@makazi/bench/app-process';
import {
  databaseExists,
  freshDatabase,
  renameDatabase,
  serverAdminUrl,
  type FreshDatabase,
} from './postgres';

/*
 * The catalogue the load and cluster specs browse: 20,000 generated listings and the seed's pool
 * of photos. It is seeded once per run (about 30 s on the server), by the first spec that asks,
 * and each spec browses a copy of its own (CREATE DATABASE … TEMPLATE: 3.3 s measured while the
 * machine ran CI). A stored card names its photos by key alone (/media/<key>), so one seeded
 * catalogue serves a process that keeps photos on disk and one that keeps them in a bucket: each
 * spec puts the pool's files where its processes look for them.
 */

export const CATALOGUE_LISTINGS = 20_000;

/** Where the seeded catalogue lives for this run (global-setup.ts makes the names, and drops it). */
export interface SeededCatalogueLocation {
  /** The template database, present once the seed has finished. */
  template: string;
  /** The seed's DATA_DIR: its photo pool is in `media/`. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededCatalogue: SeededCatalogueLocation;
  }
}

/** The database a seed is written to before it is renamed to the template, whole. */
export const building = (template: string) => `${template}_building`;

export interface CatalogueCopy {
  database: FreshDatabase;
  /** The folder of the pool's photos, each file at its storage key. */
  mediaDir: string;
  /** The pool's photos by storage key, as they are to be stored. */
  photoKeys: string[];
}

async function seeded(): Promise<SeededCatalogueLocation> {
  const location = inject('seededCatalogue');
  if (await databaseExists(serverAdminUrl, location.template)) return location;
  // Seeded under another name and renamed once complete: a seed that failed half-way is never
  // taken for the catalogue, and the next spec starts it again.
  const target = await freshDatabase(serverAdminUrl, building(location.template));
  rmSync(path.join(location.dataDir, 'media'), { recursive: true, force: true });
  seedListings(CATALOGUE_LISTINGS, {
    DATABASE_URL: target.url,
    DATA_DIR: location.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  await renameDatabase(serverAdminUrl, building(location.template), location.template);
  return location;
}

/** A copy of the seeded catalogue named `name` (dropped first if there), seeding it if need be. */
export async function copyOfSeededCatalogue(name: string): Promise<CatalogueCopy> {
  const { template, dataDir } = await seeded();
  const mediaDir = path.join(dataDir, 'media');
  return {
    database: await freshDatabase(serverAdminUrl, name, template),
    mediaDir,
    photoKeys: readdirSync(mediaDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(mediaDir, path.join(entry.parentPath, entry.name))),
  };
}

/** Copies the pool's photos into a DATA_DIR whose app keeps photos on disk (`<DATA_DIR>/media`). */
export function copyPhotosTo(copy: CatalogueCopy, dataDir: string): void {
  cpSync(copy.mediaDir, path.join(dataDir, 'media'), { recursive: true });
}
