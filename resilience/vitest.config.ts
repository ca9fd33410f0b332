import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { testReporters } from '../scripts/vitest-reporters.mjs';

/**
 * The order the specs run in. In CI the static checks run beside them at the lowest priority
 * (scripts/test.mjs, decision 048) for their first few minutes: the kills and the restart, mostly
 * idle, go first and give the checks the cores; the cluster spec, whose figures compare three
 * processes with one, goes last, once the checks are done.
 */
const ORDER = [
  'kill-during-payment-callback',
  'kill-during-upload',
  'postgres-restart',
  'load',
  'cluster',
];
const rank = (spec: TestSpecification) => {
  const at = ORDER.findIndex((name) => spec.moduleId.endsWith(`/${name}.resilience.test.ts`));
  return at === -1 ? ORDER.length : at;
};

class SpecOrder extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => rank(a) - rank(b)));
  }
}

export default defineConfig({
  test: {
    include: ['specs/**/*.resilience.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Each spec loads the whole machine (two cores) or restarts a server: one at a time.
    fileParallelism: false,
    sequence: { sequencer: SpecOrder },
    reporters: testReporters(),
    testTimeout: 5 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
