import { defineConfig } from 'vitest/config';

/*
 * The integration suite runs on embedded PGlite. `npm test` runs it a second time against a
 * PostgreSQL server when TEST_DATABASE_URL is set, passing MAKAZI_TEST_DB=server to that run only
 * (src/test/run-suites.mjs); the test helper then creates a fresh database per test file there.
 */
const useServer = process.env.MAKAZI_TEST_DB === 'server';
// Tests of what several processes share through Redis (*.redis.test.ts) need a Redis server:
// TEST_REDIS_URL names one (.ci/run sets it when Redis answers on 127.0.0.1:6379). Without it
// they are not part of the run, as the server run is not without TEST_DATABASE_URL.
const testRedisUrl = process.env.TEST_REDIS_URL ?? '';
const testDatabaseUrl = useServer ? process.env.TEST_DATABASE_URL : undefined;
if (useServer && !testDatabaseUrl) {
  throw new Error('MAKAZI_TEST_DB=server needs TEST_DATABASE_URL (postgres://…)');
}

export default defineConfig({
  test: {
    name: useServer ? 'api (postgres server)' : 'api (pglite)',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: testRedisUrl ? [] : ['src/**/*.redis.test.ts'],
    pool: 'forks',
    // Two cores are shared with the web build and other suites: two workers keep the machine usable.
    maxWorkers: 2,
    // Starting PGlite and migrating takes seconds, and tens of them on a machine busy with other
    // builds: generous limits keep a slow machine from failing tests that are only waiting.
    hookTimeout: 120_000,
    testTimeout: 90_000,
    provide: { testDatabaseUrl: testDatabaseUrl ?? '', testRedisUrl },
  },
});
