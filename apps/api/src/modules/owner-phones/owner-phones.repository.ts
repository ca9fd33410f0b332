import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TLocale } from '@makazi/contracts/common';
import type { Database } from '../../db/client';
import { countSmsInBudget, returnSmsToBudget, type SmsBudgetWindow } from '../../db/sms-budget';
import { ownerPhoneChallenges, properties, users, verifiedOwnerPhones } from '../../db/schema';
import { transactionRefreshingCards } from '../properties/catalogue-cards';

/** A verification code sent to a contact number, as the rules read it. */
export interface OwnerPhoneChallenge {
  id: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  createdAt: Date;
}

export interface OwnerPhonesRepository {
  /** Runs `work` in one transaction that refreshes the cards it changed (a verified badge). */
  transaction<T>(work: (repository: OwnerPhonesRepository) => Promise<T>): Promise<T>;
  /** The user's sign-in number and language; undefined once deleted. Locks the row. */
  lockUser(userId: string): Promise<{ phoneNumber: string; locale: TLocale } | undefined>;
  /**
   * Where `phone` stands among the user's listings not deleted: the contact of one submitted for
   * review or live, only of drafts or rejected ones, or of none.
   */
  contactOf(userId: string, phone: string): Promise<'submitted' | 'unsubmitted' | undefined>;
  isVerified(userId: string, phone: string): Promise<boolean>;
  verified(userId: string): Promise<{ phoneNumber: string; verifiedAt: Date }[]>;
  /** The newest unanswered code the user asked for this number. */
  newestChallenge(userId: string, phone: string): Promise<OwnerPhoneChallenge | undefined>;
  /**
   * Codes sent to this number by anyone since `hourStart`, and by this user to any number since
   * `hourStart` and since `dayStart`.
   */
  sendsSince(
    userId: string,
    phone: string,
    since: { hourStart: Date; dayStart: Date },
  ): Promise<{ toPhone: number; byUser: number; byUserToday: number }>;
  insertChallenge(values: {
    userId: string;
    phoneNumber: string;
    codeHash: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<string>;
  /** A code that was never sent: it neither counts against the limits nor can be answered. */
  deleteChallenge(challengeId: string): Promise<void>;
  countWrongAnswer(challengeId: string): Promise<void>;
  /** Counts one SMS in the global budget; the first full window, or undefined when counted. */
  takeSmsBudget(windows: readonly SmsBudgetWindow[]): Promise<SmsBudgetWindow | undefined>;
  /** Gives back what takeSmsBudget counted, for an SMS that could not be sent. */
  returnSmsBudget(windows: readonly SmsBudgetWindow[]): Promise<void>;
  /** Marks the code answered and the number verified for the user. */
  markVerified(challengeId: string, userId: string, phone: string, at: Date): Promise<void>;
}

const c = ownerPhoneChallenges;
const v = verifiedOwnerPhones;

export function createOwnerPhonesRepository(db: Database): OwnerPhonesRepository {
  return {
    transaction: (work) =>
      transactionRefreshingCards(db, (tx) => work(createOwnerPhonesRepository(tx))),

    async lockUser(userId) {
      const [row] = await db
        .select({ phoneNumber: users.phoneNumber, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row?.phoneNumber ? { phoneNumber: row.phoneNumber, locale: row.locale } : undefined;
    },

    async contactOf(userId, phone) {
      const [row] = await db
        .select({
          any: sql<boolean>`count(*) > 0`,
          submitted: sql<boolean>`coalesce(bool_or(${inArray(properties.status, ['pending', 'approved'])}), false)`,
        })
        .from(properties)
        .where(
          and(
            eq(properties.publishedBy, userId),
            eq(properties.ownerPhoneNumber, phone),
            ne(properties.status, 'archived'),
          ),
        );
      if (!row?.any) return undefined;
      return row.submitted ? 'submitted' : 'unsubmitted';
    },

    async isVerified(userId, phone) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(v)
        .where(and(eq(v.userId, userId), eq(v.phoneNumber, phone)));
      return row !== undefined;
    },

    async verified(userId) {
      return db
        .select({ phoneNumber: v.phoneNumber, verifiedAt: v.verifiedAt })
        .from(v)
        .where(eq(v.userId, userId))
        .orderBy(v.verifiedAt);
    },

    async newestChallenge(userId, phone) {
      const [row] = await db
        .select({
          id: c.id,
          codeHash: c.codeHash,
          attempts: c.attempts,
          expiresAt: c.expiresAt,
          createdAt: c.createdAt,
        })
        .from(c)
        .where(and(eq(c.userId, userId), eq(c.phoneNumber, phone), isNull(c.answeredAt)))
        .orderBy(desc(c.createdAt))
        .limit(1)
        .for('update');
      return row;
    },

    async sendsSince(userId, phone, { hourStart, dayStart }) {
      const [toPhone] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .where(and(eq(c.phoneNumber, phone), gt(c.createdAt, hourStart)));
      const [byUser] = await db
        .select({
          hour: sql<number>`count(*) filter (where ${c.createdAt} > ${hourStart})::int`,
          day: sql<number>`count(*)::int`,
        })
        .from(c)
        .where(and(eq(c.userId, userId), gt(c.createdAt, dayStart)));
      return {
        toPhone: toPhone?.n ?? 0,
        byUser: byUser?.hour ?? 0,
        byUserToday: byUser?.day ?? 0,
      };
    },

    async insertChallenge(values) {
      const [row] = await db.insert(c).values(values).returning({ id: c.id });
      return row!.id;
    },

    async deleteChallenge(challengeId) {
      await db.delete(c).where(eq(c.id, challengeId));
    },

    takeSmsBudget: (windows) => countSmsInBudget(db, windows),
    returnSmsBudget: (windows) => returnSmsToBudget(db, windows),

    async countWrongAnswer(challengeId) {
      await db
        .update(c)
        .set({ attempts: sql`${c.attempts} + 1` })
        .where(eq(c.id, challengeId));
    },

    async markVerified(challengeId, userId, phone, at) {
      await db.update(c).set({ answeredAt: at }).where(eq(c.id, challengeId));
      await db
        .insert(v)
        .values({ userId, phoneNumber: phone, verifiedAt: at })
        .onConflictDoNothing();
    },
  };
}
