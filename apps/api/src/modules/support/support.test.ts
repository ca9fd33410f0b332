import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TSupportMessageCreated } from '@makazi/contracts/support';
import { supportMessages } from '../../db/schema';
import { nextAddress, nextPhone, post, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MESSAGES_PER_SENDER_PER_HOUR } from './support.routes';

/*
 * POST /api/support/messages: the contact form of /support. Every test writes from addresses and
 * phones of its own (test/sign-in.ts), so the limits of one never reach another.
 */

const ADDRESS_LIMIT = 4;

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp({
    env: { SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR: String(ADDRESS_LIMIT) },
  });
  user = await signUpAndIn(t, { firstName: 'Neema', lastName: 'Kweka' });
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/support/messages';

/** A valid message from a visitor, with a phone of its own. */
function visitorMessage(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Zawadi Lyimo',
    phone: nextPhone().local,
    topic: 'listing',
    message: 'Tangazo langu la Sinza bado halijakaguliwa.',
    ...overrides,
  };
}

const send = (
  payload: Record<string, unknown>,
  options: { address?: string; headers?: Record<string, string> } = {},
) => post(t, URL, payload, options);

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();
const fieldsOf = (res: { json: <T>() => T }) => errorOf(res).details?.map((d) => d.field) ?? [];

async function storedRow(id: string) {
  const [row] = await t.db.select().from(supportMessages).where(eq(supportMessages.id, id));
  return row;
}

describe('POST /api/support/messages', () => {
  it('stores a visitor’s message, open, with the phone as E.164, and answers 201 { id, createdAt }', async () => {
    const phone = nextPhone();
    const res = await send(visitorMessage({ phone: phone.local, email: ' zawadi@example.com ' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TSupportMessageCreated>();
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'id']);
    const row = await storedRow(created.id);
    expect(row).toMatchObject({
      userId: null,
      name: 'Zawadi Lyimo',
      phone: phone.e164,
      email: 'zawadi@example.com',
      topic: 'listing',
      message: 'Tangazo langu la Sinza bado halijakaguliwa.',
      status: 'open',
      closedAt: null,
      closedBy: null,
    });
    expect(row?.createdAt.toISOString()).toBe(created.createdAt);
  });

  it('accepts a phone however it is typed', async () => {
    const phone = nextPhone();
    const typed = `+255 ${phone.e164.slice(4, 7)} ${phone.e164.slice(7, 10)} ${phone.e164.slice(10)}`;
    const res = await send(visitorMessage({ phone: typed }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedRow(res.json<TSupportMessageCreated>().id))?.phone).toBe(phone.e164);
  });

  it('accepts an email alone from a visitor', async () => {
    const { phone: _none, ...withoutPhone } = visitorMessage({ email: 'juma@example.co.tz' });
    const res = await send(withoutPhone);
    expect(res.statusCode, res.body).toBe(201);
    const row = await storedRow(res.json<TSupportMessageCreated>().id);
    expect(row).toMatchObject({ phone: null, email: 'juma@example.co.tz' });
  });

  it('refuses a visitor who gives neither phone nor email, naming both fields', async () => {
    const { phone: _none, ...anonymous } = visitorMessage();
    const res = await send(anonymous);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res).sort()).toEqual(['email', 'phone']);
  });

  it('ties a signed-in sender’s message to the token’s account, never to an id in the body', async () => {
    const { phone: _none, ...noContact } = visitorMessage();
    const res = await send(
      { ...noContact, userId: crypto.randomUUID(), user_id: crypto.randomUUID() },
      { headers: user.auth },
    );
    // Signed in, no contact is needed: support finds the account.
    expect(res.statusCode, res.body).toBe(201);
    const row = await storedRow(res.json<TSupportMessageCreated>().id);
    expect(row).toMatchObject({ userId: user.userId, phone: null, email: null });
  });

  it('treats a token that is no session as a 401, not as a visitor', async () => {
    const res = await send(visitorMessage(), { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(81) }],
    ['name', { name: 'Zawadi\u0000' }],
    ['name', { name: 42 }],
    ['phone', { phone: '12345' }],
    ['phone', { phone: '0222123456' }],
    ['phone', { phone: '+254712345678' }],
    ['phone', { phone: '0'.repeat(21) }],
    ['email', { email: 'not an email' }],
    ['email', { email: `${'a'.repeat(250)}@example.com` }],
    ['topic', { topic: 'refund' }],
    ['topic', { topic: undefined }],
    ['message', { message: 'too short' }],
    ['message', { message: '          ' }],
    ['message', { message: 'x'.repeat(2001) }],
    ['message', { message: 'Naomba msaada \ud800 tafadhali' }],
    ['message', { message: undefined }],
  ])('refuses a bad %s with a 400 naming it: %j', async (field, change) => {
    const res = await send(visitorMessage(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res)).toEqual([field]);
  });

  it('keeps the longest message and name it allows', async () => {
    const res = await send(
      visitorMessage({
        name: 'N'.repeat(80),
        message: `Mstari wa kwanza\nmstari wa pili\t${'m'.repeat(1968)}`,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the limits', () => {
  it(`stops one phone after ${MESSAGES_PER_SENDER_PER_HOUR} messages an hour, however typed and from any address`, async () => {
    const phone = nextPhone();
    for (let i = 0; i < MESSAGES_PER_SENDER_PER_HOUR; i += 1) {
      const typed = i % 2 === 0 ? phone.local : phone.e164;
      const res = await send(visitorMessage({ phone: typed }), { address: nextAddress() });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await send(visitorMessage({ phone: phone.e164 }), { address: nextAddress() });
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
    expect(errorOf(over).message).toMatch(
      /^You have sent 5 messages this hour\. Try again in (\d+ minutes?|1 hour)\.$/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
    // Another phone is its own count.
    expect((await send(visitorMessage(), { address: nextAddress() })).statusCode).toBe(201);
  });

  it('counts a signed-in sender by their account, whatever phone they type', async () => {
    const sender = await signUpAndIn(t, { firstName: 'Daudi', lastName: 'Mushi' });
    for (let i = 0; i < MESSAGES_PER_SENDER_PER_HOUR; i += 1) {
      const res = await send(visitorMessage(), { headers: sender.auth, address: nextAddress() });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await send(visitorMessage(), { headers: sender.auth, address: nextAddress() });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('counts an email the same in any case', async () => {
    const email = `Asha.${Date.now()}@Example.com`;
    const without = () => {
      const { phone: _none, ...message } = visitorMessage();
      return message;
    };
    for (let i = 0; i < MESSAGES_PER_SENDER_PER_HOUR; i += 1) {
      const typed = i % 2 === 0 ? email : email.toLowerCase();
      const res = await send({ ...without(), email: typed }, { address: nextAddress() });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await send(
      { ...without(), email: email.toUpperCase() },
      { address: nextAddress() },
    );
    expect(over.statusCode).toBe(429);
  });

  it('does not count a message it refuses as a 400 against its sender', async () => {
    const phone = nextPhone();
    for (let i = 0; i < MESSAGES_PER_SENDER_PER_HOUR + 2; i += 1) {
      const res = await send(visitorMessage({ phone: phone.local, message: 'short' }), {
        address: nextAddress(),
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await send(visitorMessage({ phone: phone.local }), { address: nextAddress() });
    expect(res.statusCode, res.body).toBe(201);
  });

  it(`stops one address after SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR messages (${ADDRESS_LIMIT} here), whatever the senders`, async () => {
    const address = nextAddress();
    for (let i = 0; i < ADDRESS_LIMIT; i += 1) {
      const res = await send(visitorMessage(), { address });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await send(visitorMessage(), { address });
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
    expect(errorOf(over).message).toMatch(
      /^Too many requests\. Try again in (\d+ minutes?|1 hour)\.$/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await send(visitorMessage(), { address: nextAddress() })).statusCode).toBe(201);
  });

  it('sends no SMS', async () => {
    const phone = nextPhone();
    expect((await send(visitorMessage({ phone: phone.local }))).statusCode).toBe(201);
    const outbox = await readFile(path.join(t.dataDir, 'sms-outbox.jsonl'), 'utf8').catch(() => '');
    expect(outbox).not.toContain(phone.e164);
  });
});
