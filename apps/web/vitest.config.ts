import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Two shared cores and cold lazy-route transforms make the first render slow; waits are for conditions, not sleeps.
      testTimeout: 20_000,
    },
  }),
);
