import type { TSupportTopic } from '@makazi/contracts/support-values';
import type { Database } from '../../db/client';
import { supportMessages } from '../../db/schema';

/* SQL of the contact form: storing a message for the support team. */

export interface NewSupportMessage {
  /** The signed-in sender; null for a visitor. */
  userId: string | null;
  name: string;
  /** E.164. */
  phone: string | null;
  email: string | null;
  topic: TSupportTopic;
  message: string;
  createdAt: Date;
}

export interface SupportRepository {
  /** Stores an open message; answers its id. */
  insertMessage(message: NewSupportMessage): Promise<string>;
}

export function createSupportRepository(db: Database): SupportRepository {
  return {
    async insertMessage(message) {
      const [row] = await db
        .insert(supportMessages)
        .values({ ...message, status: 'open' })
        .returning({ id: supportMessages.id });
      if (!row) throw new Error('insert into support_messages returned no row');
      return row.id;
    },
  };
}
