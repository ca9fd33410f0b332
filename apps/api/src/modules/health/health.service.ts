import type { THealthResponse } from '@makazi/contracts/health';
import { ServiceUnavailableError, databaseUnavailable } from '../../lib/errors';
import type { HealthRepository } from './health.repository';

export interface HealthService {
  check(): Promise<THealthResponse>;
}

/*
 * Health does one trivial query. A load balancer that keeps sending traffic to a process whose
 * database is unreachable serves nothing but 500s, so "ok" must mean "can reach the database".
 * `select 1` costs one pooled round trip and no table access, which keeps /api/health a fair
 * baseline for the benchmark: what it measures is Fastify plus one database hop.
 */
export function createHealthService(
  repository: HealthRepository,
  databaseKind: THealthResponse['database'],
  /** true once the process is shutting down: the load balancer should stop sending it requests. */
  draining: () => boolean = () => false,
): HealthService {
  return {
    async check() {
      if (draining()) {
        throw new ServiceUnavailableError('This process is shutting down.', 1);
      }
      try {
        await repository.ping();
      } catch (err) {
        throw databaseUnavailable(err);
      }
      return { status: 'ok', database: databaseKind };
    },
  };
}
