import type {
  TAdminSupportMessage,
  TAdminSupportMessagesQuery,
  TAdminSupportMessagesResponse,
  TUpdateSupportMessageBody,
} from '@makazi/contracts/support';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { AdminActor } from '../access/access';
import type { AdminSupportRepository } from './admin-support.repository';
import { offsetOf } from './paging';

export interface AdminSupportService {
  list(query: TAdminSupportMessagesQuery): Promise<TAdminSupportMessagesResponse>;
  /** Closes or reopens a message; answers it as it now is. */
  setStatus(
    admin: AdminActor,
    id: string,
    body: TUpdateSupportMessageBody,
    ip: string,
  ): Promise<TAdminSupportMessage>;
}

const unknownMessage = () => notFound('No support message has this id.');

export function createAdminSupportService({
  repository,
  clock,
}: {
  repository: AdminSupportRepository;
  clock: Clock;
}): AdminSupportService {
  return {
    async list(query) {
      const { rows, total } = await repository.list(query.status, offsetOf(query), query.pageSize);
      return { items: rows, page: query.page, pageSize: query.pageSize, total };
    },

    async setStatus(admin, id, { status }, ip) {
      return repository.transaction(async (tx) => {
        const current = await tx.lockStatus(id);
        if (!current) throw unknownMessage();
        // Closing a closed message (two admins at once, a double tap) changes nothing to audit.
        if (current !== status) {
          const now = clock();
          await tx.setStatus(
            id,
            status === 'closed' ? { status, adminId: admin.adminId, now } : { status },
          );
          await tx.recordAudit({
            adminId: admin.adminId,
            actor: admin.username,
            action: status === 'closed' ? 'support-message.close' : 'support-message.reopen',
            targetType: 'support-message',
            targetId: id,
            before: { status: current },
            after: { status },
            ip,
            at: now,
          });
        }
        const message = await tx.find(id);
        if (!message) throw unknownMessage();
        return message;
      });
    },
  };
}
