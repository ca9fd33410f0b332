import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export interface HealthRepository {
  ping(): Promise<void>;
}

export function createHealthRepository(db: Database): HealthRepository {
  return {
    async ping() {
      await db.execute(sql`select 1`);
    },
  };
}
