import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { testReporters } from '../scripts/vitest-reporters.mjs';

/*
 * Three groups (decision 046), each against an app of its own (global setup), one after the
 * other: `npm run test:e2e` (scripts/test-e2e.mjs) builds once and runs each as a vitest run of
 * its own; a plain `vitest run` here orders them by `sequence.groupOrder`.
 * - `e2e (side by side)`: two spec files at a time, each with its own Chromium. Every one of them
 *   makes its own people, listings and client addresses, and none depends on another's order.
 * - `e2e (walks)`: the two accessibility walks, side by side on an app of their own: they tab
 *   through every element of every page while toasts come and go on their own timers, which the
 *   other specs' browsers upset; each makes its own people and listings (decision 051).
 * - `e2e (quiet)`: the server-rendering spec, alone on the machine: it asserts that a hydrated page
 *   asks the API nothing more and then clicks through it as soon as it is hydrated, which a
 *   listing approved by another spec, or a machine busy with other browsers, upsets.
 */
const WALKS = ['specs/accessibility.e2e.test.ts', 'specs/accessibility-second-engine.e2e.test.ts'];
const QUIET = ['specs/server-rendering.e2e.test.ts'];

const onItsOwn = (
  name: string,
  include: string[],
  groupOrder: number,
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include,
    globalSetup: ['./support/global-setup.ts'],
    // The walks, two at a time; the quiet spec is one file.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { groupOrder },
  },
});

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
          exclude: [...WALKS, ...QUIET],
          globalSetup: ['./support/global-setup.ts'],
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      onItsOwn('e2e (walks)', WALKS, 1),
      onItsOwn('e2e (quiet)', QUIET, 2),
    ],
  },
});
