import { defineConfig } from 'vitest/config';
import { testReporters } from '../../scripts/vitest-reporters.mjs';

/*
 * Only what the tests need, not the build's config (its React, PWA, font and manifest plugins are
 * for `vite build`; tsx compiles with the tsconfig's automatic JSX runtime without them). Two
 * projects (decision 046):
 * - `web (dom)`: components (*.test.tsx) and the few logic files that use the browser's storage
 *   or events, marked *.dom.test.ts, in a simulated DOM with the testing-library setup;
 * - `web (node)`: every other *.test.ts, which renders nothing, in plain Node: no DOM to build per
 *   file. A file there that reaches for `window` or `document` fails, since neither exists.
 */
const DOM_LOGIC = 'src/**/*.dom.test.ts';

export default defineConfig({
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    // Measured in decision 046: two workers for two cores.
    maxWorkers: 2,
    // Two shared cores and cold lazy-route transforms make the first render slow; waits are for conditions, not sleeps.
    testTimeout: 20_000,
    reporters: testReporters(),
    projects: [
      {
        extends: true,
        test: {
          name: 'web (dom)',
          include: ['src/**/*.test.tsx', DOM_LOGIC],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web (node)',
          include: ['src/**/*.test.ts'],
          exclude: [DOM_LOGIC],
          environment: 'node',
        },
      },
    ],
  },
});
