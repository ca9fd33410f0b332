import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { millisIso } from '../../db/iso-text';
import { contactReveals, users } from '../../db/schema';

/* SQL of the admin's view of contact reveals: who was shown the most owners' phone numbers. */

// A type, not an interface: db.execute wants a row type it can index by name.
export type RevealerRecord = {
  userId: string;
  firstName: string;
  lastName: string;
  /** Null once the account is deleted. */
  phoneNumber: string | null;
  /** ISO 8601 UTC, or null while the account is live. */
  deletedAt: string | null;
  reveals: number;
  listings: number;
  /** ISO 8601 UTC with milliseconds. */
  firstRevealAt: string;
  lastRevealAt: string;
};

export interface AdminContactRevealsRepository {
  /**
   * The `limit` users with the most distinct listings revealed since `since`, ties going to the
   * most recent activity. The period's rows are read through contact_reveals_revealed_idx and
   * grouped once; names are read only for the users kept.
   */
  topRevealers(since: Date, limit: number): Promise<RevealerRecord[]>;
}

const r = contactReveals;

export function createAdminContactRevealsRepository(db: Database): AdminContactRevealsRepository {
  return {
    async topRevealers(since, limit) {
      const result = await db.execute<RevealerRecord>(sql`with top as (
  select ${r.userId} as user_id, count(*)::int as reveals,
    count(distinct ${r.propertyId})::int as listings,
    min(${r.revealedAt}) as first_at, max(${r.revealedAt}) as last_at
  from ${r}
  where ${r.revealedAt} >= ${since.toISOString()}::timestamptz
  group by ${r.userId}
  order by listings desc, last_at desc, user_id
  limit ${limit}
)
select top.user_id as "userId", ${users.firstName} as "firstName", ${users.lastName} as "lastName",
  ${users.phoneNumber} as "phoneNumber",
  case when ${users.deletedAt} is null then null else ${millisIso(sql`${users.deletedAt}`)} end as "deletedAt",
  top.reveals as "reveals", top.listings as "listings",
  ${millisIso(sql`top.first_at`)} as "firstRevealAt", ${millisIso(sql`top.last_at`)} as "lastRevealAt"
from top join ${users} on ${users.id} = top.user_id
order by top.listings desc, top.last_at desc, top.user_id`);
      return result.rows;
    },
  };
}
