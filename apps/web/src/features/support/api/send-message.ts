import { useMutation } from '@tanstack/react-query';
import type { TSupportMessageBody, TSupportMessageCreated } from '@makazi/contracts/support';
import { apiSend } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';

/** The outline of POST /api/support/messages' 201 answer. */
export function isSupportMessageCreated(body: unknown): body is TSupportMessageCreated {
  return isRecord(body) && typeof body.id === 'string' && typeof body.createdAt === 'string';
}

/**
 * Sends the contact form. Signed in, the token goes with it, so the API ties the message to the
 * account (it never reads an account from the body).
 */
export function sendSupportMessage(
  body: TSupportMessageBody,
  signedIn: boolean,
): Promise<TSupportMessageCreated> {
  return apiSend('POST', '/support/messages', body, isSupportMessageCreated, { auth: signedIn });
}

export function useSendSupportMessage() {
  return useMutation({
    mutationFn: ({ body, signedIn }: { body: TSupportMessageBody; signedIn: boolean }) =>
      sendSupportMessage(body, signedIn),
  });
}
