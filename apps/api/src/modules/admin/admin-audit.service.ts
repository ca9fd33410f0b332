import type { TAdminAuditQuery, TAdminAuditResponse } from '@makazi/contracts/admin';
import type { AdminAuditRepository } from './admin-audit.repository';
import { offsetOf } from './paging';

export interface AdminAuditService {
  list(query: TAdminAuditQuery): Promise<TAdminAuditResponse>;
}

/** The contract trims; an all-blank filter is no filter. */
const filter = (value: string | undefined) => (value ? value : undefined);

export function createAdminAuditService(repository: AdminAuditRepository): AdminAuditService {
  return {
    async list(query) {
      const { rows, total } = await repository.list(
        {
          action: filter(query.action),
          targetType: query.targetType,
          targetId: filter(query.targetId),
        },
        offsetOf(query),
        query.pageSize,
      );
      return {
        items: rows,
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}
