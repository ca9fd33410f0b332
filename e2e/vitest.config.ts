import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One app, one browser at a time: the machine has two cores shared with the server.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The global setup may first build the web app and the server, then seed the demo catalogue.
    teardownTimeout: 60_000,
  },
});
