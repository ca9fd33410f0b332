import type { TLocale } from '@makazi/contracts/common';
import type { TPlan, TPlanKind } from '@makazi/contracts/plans';
import type { PlanRow, PlansRepository } from './plans.repository';

export interface PlansService {
  listActive(kind: TPlanKind, locale: TLocale): Promise<TPlan[]>;
}

function toPlan(row: PlanRow, locale: TLocale): TPlan {
  return {
    id: row.id,
    durationInDays: row.durationDays,
    price: row.priceTzs,
    features: row.features[locale],
  };
}

export function createPlansService(repository: PlansRepository): PlansService {
  return {
    async listActive(kind, locale) {
      const rows = await repository.listActive(kind);
      return rows.map((row) => toPlan(row, locale));
    },
  };
}
