import type { TSupportMessageBody, TSupportMessageCreated } from '@makazi/contracts/support';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { normaliseTanzanianMobile } from '../../lib/phone';
import type { Actor } from '../access/access';
import type { SupportRepository } from './support.repository';

/*
 * The contact form (decision 025). A message is stored for the admins' support inbox and nothing
 * else happens: no SMS or email goes out, so a flood costs the inbox, never money.
 */

export interface SupportService {
  /**
   * Stores a message for the support team. A signed-in sender's account is the token's; a
   * visitor must give a phone or an email so support can answer. 400 naming the field at fault.
   */
  send(body: TSupportMessageBody, sender: Actor | undefined): Promise<TSupportMessageCreated>;
  /**
   * Who the message counts against in the per-sender limit: the account when signed in, else the
   * phone (however it was typed), else the email. undefined when it names no one the service
   * would accept: that message is refused with a 400 and counts against nobody.
   */
  senderKey(body: TSupportMessageBody, sender: Actor | undefined): string | undefined;
}

const PHONE_FORMAT_MESSAGE = 'must be a Tanzanian mobile number such as 0712345678';
const NO_CONTACT = 'give a phone number or an email, so support can answer you';

function parsePhone(input: string | undefined): string | null {
  if (input === undefined) return null;
  const phone = normaliseTanzanianMobile(input);
  if (!phone) throw invalidField('phone', PHONE_FORMAT_MESSAGE);
  return phone;
}

export function createSupportService(repository: SupportRepository, clock: Clock): SupportService {
  return {
    async send(body, sender) {
      const phone = parsePhone(body.phone);
      const email = body.email ?? null;
      if (!sender && phone === null && email === null) {
        throw new AppError('VALIDATION_FAILED', `phone, email: ${NO_CONTACT}`, [
          { field: 'phone', message: NO_CONTACT },
          { field: 'email', message: NO_CONTACT },
        ]);
      }
      const createdAt = clock();
      const id = await repository.insertMessage({
        userId: sender?.userId ?? null,
        name: body.name,
        phone,
        email,
        topic: body.topic,
        message: body.message,
        createdAt,
      });
      return { id, createdAt: createdAt.toISOString() };
    },

    senderKey(body, sender) {
      if (sender) return `user:${sender.userId}`;
      const phone = body.phone === undefined ? null : normaliseTanzanianMobile(body.phone);
      if (phone) return `phone:${phone}`;
      if (body.phone === undefined && body.email !== undefined) {
        return `email:${body.email.toLowerCase()}`;
      }
      return undefined;
    },
  };
}
