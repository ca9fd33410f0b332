import { defineConfig } from 'vitest/config';
import { testReporters } from '../scripts/vitest-reporters.mjs';

export default defineConfig({
  test: {
    include: ['specs/**/*.resilience.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Each spec loads the whole machine (two cores) or restarts a server: one at a time.
    fileParallelism: false,
    reporters: testReporters(),
    testTimeout: 5 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
