import type { TTopRevealersQuery, TTopRevealersResponse } from '@makazi/contracts/contact-reveals';
import type { Clock } from '../../lib/clock';
import { eatDayStartDaysBefore } from '../../lib/east-africa-day';
import type { AdminContactRevealsRepository } from './admin-contact-reveals.repository';
import { displayName } from './deleted-user';

/*
 * Who reveals the most owners' phone numbers: a subscriber collecting numbers by the hundred (to
 * resell them, or to spam owners) shows here before the owners complain.
 */

export interface AdminContactRevealsService {
  top(query: TTopRevealersQuery): Promise<TTopRevealersResponse>;
}

export function createAdminContactRevealsService({
  repository,
  clock,
}: {
  repository: AdminContactRevealsRepository;
  clock: Clock;
}): AdminContactRevealsService {
  return {
    async top({ days, limit }) {
      // Whole East Africa days, as the daily cap counts them: today and the days - 1 before it.
      const since = eatDayStartDaysBefore(clock(), days - 1);
      const rows = await repository.topRevealers(since, limit);
      return {
        days,
        since: since.toISOString(),
        items: rows.map((row) => ({
          userId: row.userId,
          name: displayName({
            firstName: row.firstName,
            lastName: row.lastName,
            deletedAt: row.deletedAt === null ? null : new Date(row.deletedAt),
          }),
          phoneNumber: row.phoneNumber ?? '',
          reveals: row.reveals,
          listings: row.listings,
          firstRevealAt: row.firstRevealAt,
          lastRevealAt: row.lastRevealAt,
        })),
      };
    },
  };
}
