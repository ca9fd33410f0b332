import { defineConfig } from 'vitest/config';
import { testReporters } from '../scripts/vitest-reporters.mjs';

/*
 * Two groups, one after the other (decision 046), each against an app of its own (global setup):
 * - `e2e (side by side)`: two spec files at a time, each with its own Chromium. Every one of them
 *   makes its own people, listings and client addresses, and none depends on another's order.
 * - `e2e (alone)`: specs that share what the others change or that time the page. The
 *   server-rendering spec asserts that a hydrated list asks nothing more of the API, which a
 *   listing approved meanwhile by another spec changes; the accessibility walks tab through every
 *   element while toasts come and go on their own timers. They run one at a time, by themselves.
 */
const ALONE = [
  'specs/server-rendering.e2e.test.ts',
  'specs/accessibility.e2e.test.ts',
  'specs/accessibility-second-engine.e2e.test.ts',
];

export default defineConfig({
  test: {
    reporters: testReporters(),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The global setup may first build the web app and the server, then seed the demo catalogue.
    teardownTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e (side by side)',
          include: ['specs/**/*.e2e.test.ts'],
          exclude: ALONE,
          globalSetup: ['./support/global-setup.ts'],
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e (alone)',
          include: ALONE,
          globalSetup: ['./support/global-setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
