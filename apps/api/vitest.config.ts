import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { testReporters } from '../../scripts/vitest-reporters.mjs';

/*
 * Three projects in one run (decision 046):
 * - `api (unit)`: files named *.unit.test.ts, which open no database (a setup file enforces it);
 *   they run once.
 * - `api (pglite)`: every other file, on embedded PGlite.
 * - `api (postgres server)`: the same files again on the PostgreSQL server that TEST_DATABASE_URL
 *   names (.ci/run sets it when a server answers). The few files whose subject does not depend on
 *   the engine run once: on the server when there is one (faster there), else on
 *   PGlite.
 * Database projects build the migrated schema once (test/database-template.ts) and give each file
 * a copy. `MAKAZI_TEST_DB=pglite` leaves the server project out (`npm run test:changed`).
 */
const testDatabaseUrl =
  process.env.MAKAZI_TEST_DB === 'pglite' ? '' : (process.env.TEST_DATABASE_URL ?? '');
// Tests of what several processes share through Redis (*.redis.test.ts) need a Redis server:
// TEST_REDIS_URL names one (.ci/run sets it when Redis answers on 127.0.0.1:6379). Without it
// they are not part of the run, as the server project is not without TEST_DATABASE_URL.
const testRedisUrl = process.env.TEST_REDIS_URL ?? '';

const UNIT = 'src/**/*.unit.test.ts';
const REDIS = 'src/**/*.redis.test.ts';
/**
 * What these check is the same on either engine: the OpenAPI document's lint, the fuzzer's
 * contract checks over every route (fixed seeds) and the access matrix's status per route and role.
 */
const ENGINE_INDEPENDENT = [
  'src/plugins/docs.lint.test.ts',
  'src/test/fuzz.test.ts',
  'src/test/access-matrix.test.ts',
];

function databaseProject(
  name: string,
  serverUrl: string,
  exclude: string[],
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include: ['src/**/*.test.ts'],
      exclude: [UNIT, ...(testRedisUrl ? [] : [REDIS]), ...exclude],
      globalSetup: ['src/test/database-template.ts'],
      // A worker keeps its loaded modules from one file to the next: importing the app once per
      // worker instead of once per file halves the run (decision 046). Safe here because no
      // database file mocks a module, and each file makes its own database and app.
      isolate: false,
      provide: { testDatabaseUrl: serverUrl, testRedisUrl },
    },
  };
}

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Measured in decision 046: two workers for two cores.
    maxWorkers: 2,
    // A busy machine (the other suites, a build) can slow a start: limits for waiting, not sleeps.
    hookTimeout: 120_000,
    testTimeout: 90_000,
    reporters: testReporters(),
    projects: [
      {
        extends: true,
        test: {
          name: 'api (unit)',
          include: [UNIT],
          setupFiles: ['src/test/forbid-database.ts'],
          provide: { testDatabaseUrl, testRedisUrl: '' },
        },
      },
      databaseProject('api (pglite)', '', testDatabaseUrl ? ENGINE_INDEPENDENT : []),
      ...(testDatabaseUrl ? [databaseProject('api (postgres server)', testDatabaseUrl, [])] : []),
    ],
  },
});
