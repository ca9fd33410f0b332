import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZSupportMessageBody, ZSupportMessageCreated } from '@makazi/contracts/support';
import type { LimitsConfig } from '../../config';
import { RateLimitedError, waitInWords } from '../../lib/rate-limited-error';
import { errors, security } from '../../lib/route-schema';
import type { OptionalSignIn } from '../../plugins/authentication';
import type { SupportService } from './support.service';

/** Messages one sender (their account, else their phone, else their email) may send an hour. */
export const MESSAGES_PER_SENDER_PER_HOUR = 5;

/*
 * Two limits, both counted by the rate-limit plugin (in Redis when there is one, so they hold
 * across processes; decision 018). Per client address, a coarse flood guard sized by
 * SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR, since carrier-grade NAT puts many people behind one
 * address; per sender, the guard that matters, counted only once the body is valid, so a typo
 * costs the person nothing (decision 025).
 */
export const supportRoutes: FastifyPluginCallbackZod<{
  service: SupportService;
  optionalSignIn: OptionalSignIn;
  limits: Pick<LimitsConfig, 'supportMessagesPerAddressPerHour'>;
}> = (app, { service, optionalSignIn, limits }, done) => {
  // The sender of each request being counted, worked out from its validated body. Hashed: the
  // counter store need not hold people's phone numbers and emails.
  const senders = new WeakMap<FastifyRequest, string>();
  const perSender = app.createRateLimit({
    max: MESSAGES_PER_SENDER_PER_HOUR,
    timeWindow: '1 hour',
    // The keys of createRateLimit carry no route name: the prefix keeps them apart from others.
    keyGenerator: (request) => `support-message:${senders.get(request) ?? ''}`,
  });

  app.post(
    '/support/messages',
    {
      onRequest: optionalSignIn,
      config: {
        rateLimit: { max: limits.supportMessagesPerAddressPerHour, timeWindow: '1 hour' },
        keepsCatalogue: true,
      },
      preHandler: async (request) => {
        const sender = service.senderKey(request.body, request.actor);
        if (sender === undefined) return;
        senders.set(request, createHash('sha256').update(sender).digest('base64url'));
        const verdict = await perSender(request);
        if (!verdict.isAllowed && verdict.isExceeded) {
          throw new RateLimitedError(
            `You have sent ${MESSAGES_PER_SENDER_PER_HOUR} messages this hour. Try again in ${waitInWords(verdict.ttlInSeconds)}.`,
            verdict.ttlInSeconds,
          );
        }
      },
      schema: {
        tags: ['support'],
        operationId: 'sendSupportMessage',
        security: security.optionalUser,
        summary: 'Send a message to the support team',
        description: [
          'Stored for the admins’ support inbox; nothing is sent by SMS. With a user’s token the message is tied to that account (never to an id in the body); without one, give a phone or an email (400 naming both otherwise), so support can answer.',
          'A phone is a Tanzanian mobile number however typed, stored as +255…',
          `429 (with Retry-After) after ${MESSAGES_PER_SENDER_PER_HOUR} messages an hour from one account, phone or email, or too many from one client address.`,
        ].join(' '),
        body: ZSupportMessageBody,
        response: { 201: ZSupportMessageCreated, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const created = await service.send(request.body, request.actor);
      return reply.code(201).send(created);
    },
  );

  done();
};
