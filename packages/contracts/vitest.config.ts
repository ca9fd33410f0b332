import { defineConfig } from 'vitest/config';
import { testReporters } from '../../scripts/vitest-reporters.mjs';

export default defineConfig({
  test: { reporters: testReporters() },
});
