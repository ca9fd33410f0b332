import { and, asc, eq } from 'drizzle-orm';
import type { TPlanKind } from '@makazi/contracts/plans';
import type { Database } from '../../db/client';
import { plans } from '../../db/schema';

export interface PlanRow {
  id: string;
  durationDays: number;
  priceTzs: number;
  features: { en: string[]; sw: string[] };
}

export interface PlansRepository {
  listActive(kind: TPlanKind): Promise<PlanRow[]>;
}

export function createPlansRepository(db: Database): PlansRepository {
  return {
    listActive: (kind) =>
      db
        .select({
          id: plans.id,
          durationDays: plans.durationDays,
          priceTzs: plans.priceTzs,
          features: plans.features,
        })
        .from(plans)
        .where(and(eq(plans.kind, kind), eq(plans.active, true)))
        .orderBy(asc(plans.durationDays)),
  };
}
