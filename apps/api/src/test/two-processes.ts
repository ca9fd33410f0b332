import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { closeRedisClient, createRedisClient } from '../gateways/shared-state/redis-client';
import { createTestApp, type TestApp } from './test-app';

/** Two apps on one database and one Redis: two processes behind the load balancer. */
export interface TwoProcesses {
  processA: TestApp;
  processB: TestApp;
  close(): Promise<void>;
}

const quiet = { warn: () => undefined, info: () => undefined };

/** Needs TEST_REDIS_URL (see vitest.config.ts); `env` configures both processes alike. */
export async function twoProcessesSharingRedis(env: Record<string, string>): Promise<TwoProcesses> {
  const redis = createRedisClient(inject('testRedisUrl'), quiet);
  // A prefix of this run's own: counters of other runs on the same Redis never meet these.
  const sharedState = { redis, prefix: `makazi-test-${randomBytes(6).toString('hex')}:` };
  const processA = await createTestApp({ env, sharedState });
  const processB = await createTestApp({ env, sharedState, database: processA.database });
  return {
    processA,
    processB,
    async close() {
      await processB.close();
      await processA.close();
      await closeRedisClient(redis);
    },
  };
}
