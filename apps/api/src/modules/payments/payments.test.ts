import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import {
  CHECKOUT_LIMIT_MESSAGE,
  PAYER_PHONE_LIMIT_MESSAGE,
  PAYMENT_PHONE_MESSAGE,
  PAYMENT_WAITING_MESSAGE,
} from '@makazi/contracts/payment-values';
import type { TPayment, TPaymentAccepted } from '@makazi/contracts/payments';
import { payments, promotions, subscriptions } from '../../db/schema';
import {
  PaymentCallbackRejectedError,
  PaymentGatewayError,
  type PaymentGateway,
  type PaymentStatusAnswer,
} from '../../gateways/payments/payment-gateway';
import type { SimulatorPayments } from '../../gateways/payments/simulator-payments';
import { signInAdmin } from '../../test/admin';
import { insertPlan, insertProperty, findPropertyRow } from '../../test/factories';
import { createFakeClock } from '../../test/fake-clock';
import { nextAddress, nextPhone, signInAs, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPaymentsRepository, type PaymentsRepository } from './payments.repository';
import { REASONS } from './payment-reasons';
import { createPaymentsService, PaymentWaitingError } from './payments.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DECLINED = '0700000002';
const SILENT = '0700000003';
const PAYING = '0712345678';

const clock = createFakeClock();
let t: TestApp;
let simulator: SimulatorPayments;
let month: { id: string; priceTzs: number };
let week: { id: string; priceTzs: number };
let promotionWeek: { id: string; priceTzs: number };

beforeAll(async () => {
  t = await createTestApp({ clock, paymentDelayMs: 5 });
  simulator = t.simulator!;
  await t.listen();
  const features = { en: ['See owners’ phone numbers'], sw: ['Ona namba za wamiliki'] };
  month = await insertPlan(t.db, {
    kind: 'subscription',
    durationDays: 30,
    priceTzs: 10_000,
    features,
  });
  week = await insertPlan(t.db, {
    kind: 'subscription',
    durationDays: 7,
    priceTzs: 3_000,
    features,
  });
  promotionWeek = await insertPlan(t.db, {
    kind: 'promotion',
    durationDays: 7,
    priceTzs: 5_000,
    features,
  });
});

afterAll(async () => {
  await t.close();
});

// Each test starts in an hour of its own: the per-phone and per-user limits count a rolling hour,
// and the simulator's declined and silent payers are shared by every test of the file.
beforeEach(() => {
  clock.advance(HOUR_MS);
});

type Answer = TPaymentAccepted & Partial<TErrorResponse>;

async function subscribe(
  me: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<{ statusCode: number; body: Answer; retryAfter: string | undefined }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/create',
    headers: me.auth,
    remoteAddress: nextAddress(),
    payload: {
      userId: me.userId,
      planId: month.id,
      phoneNumber: PAYING,
      provider: 'mpesa',
      ...overrides,
    },
  });
  const retryAfter = res.headers['retry-after'];
  return {
    statusCode: res.statusCode,
    body: res.json(),
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
  };
}

async function cancel(me: SignedIn, paymentId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/cancel`,
    headers: me.auth,
    remoteAddress: nextAddress(),
  });
}

/** A payer phone no other test uses, as typed. */
const freshPayer = () => nextPhone().local;

async function paymentOf(me: SignedIn, paymentId: string): Promise<TPayment> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/payments/${paymentId}`,
    headers: me.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json<TPayment>();
}

async function settledPayment(me: SignedIn, paymentId: string): Promise<TPayment> {
  return vi.waitFor(
    async () => {
      const payment = await paymentOf(me, paymentId);
      if (payment.status === 'pending') throw new Error('still pending');
      return payment;
    },
    { timeout: 5000, interval: 20 },
  );
}

async function subscriptionsOf(userId: string) {
  return t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

function callback(body: Record<string, unknown>, headers?: Record<string, string>) {
  const signed = simulator.signCallback(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/callback/simulator',
    remoteAddress: nextAddress(),
    headers: { ...signed.headers, ...headers },
    payload: signed.rawBody,
  });
}

function sweeper(gateway: PaymentGateway = t.payments) {
  return createPaymentsService({
    repository: createPaymentsRepository(t.db),
    gateway,
    clock,
    log: t.app.log,
    timeoutMs: t.config.payments.timeoutMs,
    limits: t.config.limits,
  });
}

/** A gateway whose status query answers `answer` for one payment, pending for others. */
function answering(paymentId: string, answer: PaymentStatusAnswer): PaymentGateway {
  return {
    provider: 'simulator',
    requestPush: () => Promise.reject(new PaymentGatewayError('simulator', 'not in this test')),
    queryStatus: ({ reference }) =>
      Promise.resolve(reference === paymentId ? answer : { status: 'pending' as const }),
    parseCallback: () => {
      throw new PaymentCallbackRejectedError('simulator', 'not in this test');
    },
    close: () => Promise.resolve(),
  };
}

/** Checkouts of this file's phone lock waiting for it now, on a PostgreSQL server. */
async function waitingForPhoneLocks(): Promise<number> {
  const result = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_locks
    where locktype = 'advisory' and not granted and classid = 27001 and objsubid = 2
      and database = (select oid from pg_database where datname = current_database())`);
  return result.rows[0]?.n ?? 0;
}

/**
 * The payments service over a repository with a meeting point: each of `expected` concurrent
 * checkouts, once it has looked for the user's waiting payment (`pending`) or counted the phone's
 * pushes (`phone`), waits until all of them have, or until the others wait for the phone's lock.
 * Without the lock and the unique index, all of them would then act on the same stale answer;
 * with them, whoever comes later sees the first one's payment. PGlite runs one transaction at a
 * time whatever the code does, so there nobody is waited for.
 */
function meetingAt(at: 'pending' | 'phone', expected: number) {
  let arrived = 0;
  const meet = async () => {
    arrived += 1;
    if (t.database.kind === 'pglite') return;
    await vi.waitFor(
      async () => {
        if (arrived >= expected) return;
        if ((await waitingForPhoneLocks()) === expected - arrived) return;
        throw new Error(`${arrived} of ${expected} checkouts met`);
      },
      { timeout: 5000, interval: 10 },
    );
  };
  const wrap = (repository: PaymentsRepository): PaymentsRepository => ({
    ...repository,
    transaction: (work) => repository.transaction((tx) => work(wrap(tx))),
    async findPendingPayment(userId) {
      const found = await repository.findPendingPayment(userId);
      if (at === 'pending') await meet();
      return found;
    },
    async nthNewestCreatedAfter(of, since, n) {
      const found = await repository.nthNewestCreatedAfter(of, since, n);
      if (at === 'phone' && 'payerPhone' in of) await meet();
      return found;
    },
  });
  return createPaymentsService({
    repository: wrap(createPaymentsRepository(t.db)),
    gateway: t.payments,
    clock,
    log: t.app.log,
    timeoutMs: t.config.payments.timeoutMs,
    limits: t.config.limits,
  });
}

/** The warnings the payments service logs meanwhile (the app's logger is silent otherwise). */
function watchWarnings() {
  const warn = vi.spyOn(t.app.log, 'warn');
  return {
    logged: () => warn.mock.calls.map((call) => call as unknown[]),
    restore: () => warn.mockRestore(),
  };
}

describe('POST /api/subscription/create', () => {
  it('is pending, then succeeds by the simulator’s real HTTP callback and grants the plan’s days', async () => {
    const me = await signUpAndIn(t);
    const { statusCode, body } = await subscribe(me);
    expect(statusCode).toBe(202);
    expect(body.status).toBe('pending');
    const payment = await settledPayment(me, body.paymentId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      reason: null,
      amount: 10_000,
      provider: 'mpesa',
      purpose: 'subscription',
      planId: month.id,
      propertyId: null,
    });
    const rows = await subscriptionsOf(me.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startsAt.getTime()).toBe(clock().getTime());
    expect(rows[0]!.endsAt.getTime() - rows[0]!.startsAt.getTime()).toBe(30 * DAY_MS);
    const [stored] = await t.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(stored!.payerPhone).toBe('+255712345678');
    expect(stored!.provider).toBe('simulator');
  });

  it('fails for the declined payer, with a reason, and grants nothing', async () => {
    const me = await signUpAndIn(t);
    const { statusCode, body } = await subscribe(me, { phoneNumber: DECLINED });
    expect(statusCode).toBe(202);
    const payment = await settledPayment(me, body.paymentId);
    expect(payment.status).toBe('failed');
    expect(payment.reason).toEqual(expect.any(String));
    expect(await subscriptionsOf(me.userId)).toHaveLength(0);
  });

  it('starts a second subscription where the first ends', async () => {
    const me = await signUpAndIn(t);
    const first = await subscribe(me, { idempotencyKey: randomUUID() });
    expect((await settledPayment(me, first.body.paymentId)).status).toBe('succeeded');
    const second = await subscribe(me, { planId: week.id, idempotencyKey: randomUUID() });
    expect((await settledPayment(me, second.body.paymentId)).status).toBe('succeeded');
    const rows = (await subscriptionsOf(me.userId)).sort(
      (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]!.startsAt.getTime()).toBe(rows[0]!.endsAt.getTime());
    expect(rows[1]!.endsAt.getTime() - rows[1]!.startsAt.getTime()).toBe(7 * DAY_MS);
  });

  it('is one payment and one push for the same idempotency key', async () => {
    const me = await signUpAndIn(t);
    const push = vi.spyOn(simulator, 'requestPush');
    try {
      const idempotencyKey = randomUUID();
      const first = await subscribe(me, { idempotencyKey, phoneNumber: SILENT });
      const second = await subscribe(me, { idempotencyKey, phoneNumber: SILENT });
      expect(first.statusCode).toBe(202);
      expect(second.statusCode).toBe(202);
      expect(second.body.paymentId).toBe(first.body.paymentId);
      expect(push).toHaveBeenCalledTimes(1);
      const rows = await t.db.select().from(payments).where(eq(payments.userId, me.userId));
      expect(rows).toHaveLength(1);
    } finally {
      push.mockRestore();
    }
  });

  it('answers 403 for another user’s id', async () => {
    const me = await signUpAndIn(t);
    const other = await signUpAndIn(t);
    const { statusCode } = await subscribe(me, { userId: other.userId });
    expect(statusCode).toBe(403);
  });

  it('answers 400 with the message the checkout form shows for a bad phone', async () => {
    const me = await signUpAndIn(t);
    const { statusCode, body } = await subscribe(me, { phoneNumber: '0712' });
    expect(statusCode).toBe(400);
    expect(JSON.stringify(body)).toContain(PAYMENT_PHONE_MESSAGE);
  });

  it('answers 404 for a promotion plan or an unknown plan', async () => {
    const me = await signUpAndIn(t);
    expect((await subscribe(me, { planId: promotionWeek.id })).statusCode).toBe(404);
    expect((await subscribe(me, { planId: randomUUID() })).statusCode).toBe(404);
  });

  it('answers 401 without sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/create',
      payload: { userId: randomUUID(), planId: month.id, phoneNumber: PAYING, provider: 'mpesa' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('fails the payment and answers 503 when the provider cannot be reached', async () => {
    const me = await signUpAndIn(t);
    const push = vi
      .spyOn(simulator, 'requestPush')
      .mockRejectedValueOnce(new PaymentGatewayError('simulator', 'down'));
    try {
      const { statusCode, body } = await subscribe(me);
      expect(statusCode).toBe(503);
      expect(body.message).toBe(REASONS.unreachable);
      const rows = await t.db.select().from(payments).where(eq(payments.userId, me.userId));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('failed');
      expect(rows[0]!.statusReason).toBe(REASONS.unreachable);
    } finally {
      push.mockRestore();
    }
  });
});

describe('one waiting payment per user', () => {
  it('refuses a second checkout while one is pending: 409 naming it, and no push', async () => {
    const me = await signUpAndIn(t);
    const first = await subscribe(me, { phoneNumber: SILENT, idempotencyKey: randomUUID() });
    expect(first.statusCode).toBe(202);
    const push = vi.spyOn(simulator, 'requestPush');
    try {
      const second = await subscribe(me, {
        planId: week.id,
        phoneNumber: freshPayer(),
        idempotencyKey: randomUUID(),
      });
      expect(second.statusCode).toBe(409);
      expect(second.body).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: PAYMENT_WAITING_MESSAGE,
        paymentId: first.body.paymentId,
      });
      // A promotion waits its turn as well.
      const listing = await insertProperty(t.db, { publishedBy: me.userId });
      const promotion = await t.app.inject({
        method: 'POST',
        url: `/api/properties/${listing.id}/promote`,
        headers: me.auth,
        remoteAddress: nextAddress(),
        payload: { promotionPlanId: promotionWeek.id, phoneNumber: PAYING, provider: 'mpesa' },
      });
      expect(promotion.statusCode).toBe(409);
      expect(promotion.json<TErrorResponse>().paymentId).toBe(first.body.paymentId);
      expect(push).not.toHaveBeenCalled();
      const rows = await t.db.select().from(payments).where(eq(payments.userId, me.userId));
      expect(rows).toHaveLength(1);
    } finally {
      push.mockRestore();
    }
  });

  it('still answers the same idempotency key with the same payment while it waits', async () => {
    const me = await signUpAndIn(t);
    const idempotencyKey = randomUUID();
    const first = await subscribe(me, { phoneNumber: SILENT, idempotencyKey });
    const again = await subscribe(me, { phoneNumber: SILENT, idempotencyKey });
    expect(again.statusCode).toBe(202);
    expect(again.body).toEqual({ paymentId: first.body.paymentId, status: 'pending' });
  });

  it('lets the user pay again once the waiting payment has ended', async () => {
    const me = await signUpAndIn(t);
    const declined = await subscribe(me, { phoneNumber: DECLINED, idempotencyKey: randomUUID() });
    expect((await settledPayment(me, declined.body.paymentId)).status).toBe('failed');
    const next = await subscribe(me, { idempotencyKey: randomUUID() });
    expect(next.statusCode).toBe(202);
  });

  it.each([
    ['to one phone', () => [SILENT, SILENT]],
    ['to two phones', () => [freshPayer(), freshPayer()]],
  ])('takes one of two concurrent checkouts %s: one push, one 409', async (_name, phones) => {
    const me = await signUpAndIn(t);
    const push = vi
      .spyOn(simulator, 'requestPush')
      .mockResolvedValue({ providerReference: `SIM-held-${randomUUID()}`, status: 'pending' });
    try {
      // Both have looked for a waiting payment, and found none, before either records one.
      const service = meetingAt('pending', 2);
      const answers = await Promise.allSettled(
        phones().map((phoneNumber) =>
          service.createSubscription(
            { userId: me.userId, sessionId: randomUUID() },
            { userId: me.userId, planId: month.id, phoneNumber, provider: 'mpesa' },
          ),
        ),
      );
      const accepted = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
      const refused = answers.flatMap((a) =>
        a.status === 'rejected' ? [a.reason as unknown] : [],
      );
      expect(accepted).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(PaymentWaitingError);
      expect((refused[0] as PaymentWaitingError).paymentId).toBe(accepted[0]!.paymentId);
      expect(push).toHaveBeenCalledTimes(1);
      const rows = await t.db.select().from(payments).where(eq(payments.userId, me.userId));
      expect(rows).toHaveLength(1);
    } finally {
      push.mockRestore();
    }
  });
});

describe('POST /api/payments/:paymentId/cancel', () => {
  it('cancels the payer’s pending payment at once, so a new checkout can start', async () => {
    const me = await signUpAndIn(t);
    const waiting = await subscribe(me, { phoneNumber: SILENT, idempotencyKey: randomUUID() });
    const res = await cancel(me, waiting.body.paymentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPayment>()).toMatchObject({
      id: waiting.body.paymentId,
      status: 'cancelled',
      reason: REASONS.cancelled,
      completedAt: clock().toISOString(),
    });
    expect(res.json<TPayment>()).toEqual(await paymentOf(me, waiting.body.paymentId));
    const next = await subscribe(me, { phoneNumber: SILENT, idempotencyKey: randomUUID() });
    expect(next.statusCode).toBe(202);
    expect(next.body.paymentId).not.toBe(waiting.body.paymentId);
  });

  it('is 404 for another user’s payment and for an unknown one, and changes nothing', async () => {
    const me = await signUpAndIn(t);
    const other = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    expect((await cancel(other, body.paymentId)).statusCode).toBe(404);
    expect((await cancel(other, randomUUID())).statusCode).toBe(404);
    expect((await paymentOf(me, body.paymentId)).status).toBe('pending');
  });

  it('is 409 naming the status of a payment that is no longer pending', async () => {
    const me = await signUpAndIn(t);
    const paid = await subscribe(me, { idempotencyKey: randomUUID() });
    expect((await settledPayment(me, paid.body.paymentId)).status).toBe('succeeded');
    const late = await cancel(me, paid.body.paymentId);
    expect(late.statusCode).toBe(409);
    expect(late.json<TErrorResponse>().message).toMatch(/this one is succeeded/);
    expect((await paymentOf(me, paid.body.paymentId)).status).toBe('succeeded');

    const waiting = await subscribe(me, { phoneNumber: SILENT, idempotencyKey: randomUUID() });
    expect((await cancel(me, waiting.body.paymentId)).statusCode).toBe(200);
    const twice = await cancel(me, waiting.body.paymentId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<TErrorResponse>().message).toMatch(/this one is cancelled/);
  });

  it('still grants what a cancelled payment paid for when the provider confirms it, once', async () => {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    expect((await cancel(me, body.paymentId)).statusCode).toBe(200);

    // A failure reported after the cancel changes nothing.
    const failed = { eventId: randomUUID(), reference: body.paymentId, status: 'failed' };
    expect((await callback(failed)).statusCode).toBe(200);
    expect((await paymentOf(me, body.paymentId)).status).toBe('cancelled');

    // The payer approved the prompt after all: the money moved, so the plan is granted.
    const paid = {
      eventId: randomUUID(),
      reference: body.paymentId,
      status: 'succeeded',
      amountTzs: 10_000,
      currency: 'TZS',
    };
    expect((await callback(paid)).statusCode).toBe(200);
    expect((await callback(paid)).statusCode).toBe(200);
    expect((await callback({ ...paid, eventId: randomUUID() })).statusCode).toBe(200);
    expect(await paymentOf(me, body.paymentId)).toMatchObject({
      status: 'succeeded',
      reason: null,
    });
    expect(await subscriptionsOf(me.userId)).toHaveLength(1);
  });

  it('holds a cancelled payment for review when the provider confirms other money', async () => {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    expect((await cancel(me, body.paymentId)).statusCode).toBe(200);
    const paid = {
      eventId: randomUUID(),
      reference: body.paymentId,
      status: 'succeeded',
      amountTzs: 10_000,
      currency: 'USD',
    };
    expect((await callback(paid)).statusCode).toBe(200);
    expect(await paymentOf(me, body.paymentId)).toMatchObject({
      status: 'needs_review',
      reason: REASONS.currencyMismatch,
    });
    expect(await subscriptionsOf(me.userId)).toHaveLength(0);
  });
});

describe('the limits of a rolling hour', () => {
  /** Pushes are accepted and held (no callback), so payments stay as the test leaves them. */
  function holdPushes() {
    return vi
      .spyOn(simulator, 'requestPush')
      .mockImplementation(() =>
        Promise.resolve({ providerReference: `SIM-held-${randomUUID()}`, status: 'pending' }),
      );
  }

  it('sends at most three pushes to one payer phone an hour, whoever asks', async () => {
    const phone = freshPayer();
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => signUpAndIn(t)));
    const firstKey = randomUUID();
    const push = holdPushes();
    try {
      const first = await subscribe(a!, { phoneNumber: phone, idempotencyKey: firstKey });
      expect(first.statusCode).toBe(202);
      clock.advance(4 * MINUTE_MS);
      expect((await subscribe(b!, { phoneNumber: phone })).statusCode).toBe(202);
      clock.advance(4 * MINUTE_MS);
      // The same number written the other way is the same phone.
      expect((await subscribe(c!, { phoneNumber: `+255${phone.slice(1)}` })).statusCode).toBe(202);
      clock.advance(4 * MINUTE_MS);
      push.mockClear();

      const refused = await subscribe(d!, { phoneNumber: phone });
      expect(refused.statusCode).toBe(429);
      expect(refused.body.message).toBe(`${PAYER_PHONE_LIMIT_MESSAGE} Try again in 48 minutes.`);
      // The first push leaves the hour 48 minutes from now.
      expect(refused.retryAfter).toBe(String(48 * 60));
      expect(push).not.toHaveBeenCalled();
      expect(await t.db.select().from(payments).where(eq(payments.userId, d!.userId))).toEqual([]);
      // The attempt the phone already had is still answered as before.
      const again = await subscribe(a!, { phoneNumber: phone, idempotencyKey: firstKey });
      expect(again.body).toEqual({ paymentId: first.body.paymentId, status: 'pending' });
      // Another phone is not this one.
      expect((await subscribe(d!, { phoneNumber: freshPayer() })).statusCode).toBe(202);

      clock.advance(48 * MINUTE_MS + 1000);
      const e = await signUpAndIn(t);
      expect((await subscribe(e, { phoneNumber: phone })).statusCode).toBe(202);
    } finally {
      push.mockRestore();
    }
  });

  it('lets one user start at most ten checkouts an hour', async () => {
    const me = await signUpAndIn(t);
    const push = holdPushes();
    try {
      for (let i = 0; i < 10; i += 1) {
        const started = await subscribe(me, {
          phoneNumber: freshPayer(),
          idempotencyKey: randomUUID(),
        });
        expect(started.statusCode, `checkout ${i + 1}`).toBe(202);
        expect((await cancel(me, started.body.paymentId)).statusCode).toBe(200);
        clock.advance(MINUTE_MS);
      }
      push.mockClear();
      const refused = await subscribe(me, {
        phoneNumber: freshPayer(),
        idempotencyKey: randomUUID(),
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.body.message).toBe(`${CHECKOUT_LIMIT_MESSAGE} Try again in 50 minutes.`);
      expect(refused.retryAfter).toBe(String(50 * 60));
      expect(push).not.toHaveBeenCalled();

      clock.advance(50 * MINUTE_MS);
      // Signed in again: an access token lasts 15 minutes.
      const later = await subscribe(await signInAs(t, me.phone), {
        phoneNumber: freshPayer(),
        idempotencyKey: randomUUID(),
      });
      expect(later.statusCode).toBe(202);
    } finally {
      push.mockRestore();
    }
  });

  it('lets no concurrent checkout slip past the count of a phone', async () => {
    const phone = freshPayer();
    const people = await Promise.all(Array.from({ length: 5 }, () => signUpAndIn(t)));
    const push = holdPushes();
    try {
      expect((await subscribe(people[0]!, { phoneNumber: phone })).statusCode).toBe(202);
      expect((await subscribe(people[1]!, { phoneNumber: phone })).statusCode).toBe(202);
      push.mockClear();
      // Three at once (a test database allows four connections): each counts the phone's pushes
      // only once the others have too, unless they wait for the phone's lock.
      const service = meetingAt('phone', 3);
      const answers = await Promise.allSettled(
        people
          .slice(2)
          .map((person) =>
            service.createSubscription(
              { userId: person.userId, sessionId: randomUUID() },
              { userId: person.userId, planId: month.id, phoneNumber: phone, provider: 'mpesa' },
            ),
          ),
      );
      expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      const refused = answers.flatMap((a) =>
        a.status === 'rejected' ? [a.reason as unknown] : [],
      );
      expect(refused.map((error) => (error as { statusCode?: number }).statusCode)).toEqual([
        429, 429,
      ]);
      expect(push).toHaveBeenCalledTimes(1);
    } finally {
      push.mockRestore();
    }
  });
});

describe('GET /api/payments/:paymentId', () => {
  it('is 404 for anyone but the payer', async () => {
    const me = await signUpAndIn(t);
    const other = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${body.paymentId}`,
      headers: other.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('shows any payment to an admin, as its payer sees it; 404 for an unknown id', async () => {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    const admin = await signInAdmin(t.app);
    const asAdmin = (paymentId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/payments/${paymentId}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
    const res = await asAdmin(body.paymentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPayment>()).toEqual(await paymentOf(me, body.paymentId));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await asAdmin(randomUUID())).statusCode).toBe(404);
  });
});

describe('POST /api/payments/callback/:provider', () => {
  async function silentPayment() {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    return { me, paymentId: body.paymentId };
  }

  it('rejects a forged callback with 400 and changes nothing', async () => {
    const { me, paymentId } = await silentPayment();
    const res = await callback(
      { eventId: randomUUID(), reference: paymentId, status: 'succeeded', amountTzs: 10_000 },
      { 'x-simulator-signature': 'ab'.repeat(32) },
    );
    expect(res.statusCode).toBe(400);
    expect((await paymentOf(me, paymentId)).status).toBe('pending');
    expect(await subscriptionsOf(me.userId)).toHaveLength(0);
  });

  it('answers 404 for another provider', async () => {
    const { paymentId } = await silentPayment();
    const signed = simulator.signCallback({
      eventId: randomUUID(),
      reference: paymentId,
      status: 'succeeded',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callback/clickpesa',
      headers: signed.headers,
      payload: signed.rawBody,
    });
    expect(res.statusCode).toBe(404);
  });

  it('accepts a replayed callback with 200 and grants once', async () => {
    const { me, paymentId } = await silentPayment();
    const body = {
      eventId: randomUUID(),
      reference: paymentId,
      status: 'succeeded',
      amountTzs: 10_000,
      currency: 'TZS',
    };
    expect((await callback(body)).statusCode).toBe(200);
    expect((await callback(body)).statusCode).toBe(200);
    // Another event for the settled payment changes nothing either.
    expect((await callback({ ...body, eventId: randomUUID(), status: 'failed' })).statusCode).toBe(
      200,
    );
    expect((await paymentOf(me, paymentId)).status).toBe('succeeded');
    expect(await subscriptionsOf(me.userId)).toHaveLength(1);
  });

  it('grants exactly one subscription for 50 concurrent duplicate callbacks', async () => {
    const { me, paymentId } = await silentPayment();
    const sharedEvent = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callback({
          // Half replay one event, half are distinct events for the same payment.
          eventId: i % 2 === 0 ? sharedEvent : randomUUID(),
          reference: paymentId,
          status: 'succeeded',
          amountTzs: 10_000,
          currency: 'TZS',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await subscriptionsOf(me.userId)).toHaveLength(1);
    expect((await paymentOf(me, paymentId)).status).toBe('succeeded');
  });

  it.each([
    ['no amount', { currency: 'TZS' }, REASONS.amountMissing, null, 'TZS'],
    [
      'a non-numeric amount',
      { amountTzs: '10000 TZS', currency: 'TZS' },
      REASONS.amountMissing,
      null,
      'TZS',
    ],
    ['another amount', { amountTzs: 9_999, currency: 'TZS' }, REASONS.amountMismatch, 9_999, 'TZS'],
    [
      'a fraction of the price',
      { amountTzs: 9_999.5, currency: 'TZS' },
      REASONS.amountMismatch,
      9_999.5,
      'TZS',
    ],
    [
      'another currency',
      { amountTzs: 10_000, currency: 'KES' },
      REASONS.currencyMismatch,
      10_000,
      'KES',
    ],
    ['no currency', { amountTzs: 10_000 }, REASONS.currencyMismatch, 10_000, null],
  ])(
    'holds a success reported with %s for review, grants nothing and logs a warning',
    async (_name, money, reason, amount, currency) => {
      const { me, paymentId } = await silentPayment();
      const warnings = watchWarnings();
      try {
        const res = await callback({
          eventId: randomUUID(),
          reference: paymentId,
          status: 'succeeded',
          ...money,
        });
        expect(res.statusCode).toBe(200);
        const payment = await paymentOf(me, paymentId);
        expect(payment.status).toBe('needs_review');
        expect(payment.reason).toBe(reason);
        expect(await subscriptionsOf(me.userId)).toHaveLength(0);
        expect(warnings.logged()).toContainEqual([
          {
            paymentId,
            expected: { amount: 10_000, currency: 'TZS' },
            reported: { amount, currency },
            phone: '+255700***003',
          },
          expect.stringMatching(/review/),
        ]);
      } finally {
        warnings.restore();
      }
      // Held means held: a later, correct confirmation does not grant it either.
      const correct = {
        eventId: randomUUID(),
        reference: paymentId,
        status: 'succeeded',
        amountTzs: 10_000,
        currency: 'TZS',
      };
      expect((await callback(correct)).statusCode).toBe(200);
      expect((await paymentOf(me, paymentId)).status).toBe('needs_review');
      expect(await subscriptionsOf(me.userId)).toHaveLength(0);
    },
  );

  it('holds a promotion confirmed with another amount, and promotes nothing', async () => {
    const me = await signUpAndIn(t);
    const listing = await insertProperty(t.db, { publishedBy: me.userId });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/promote`,
      headers: me.auth,
      remoteAddress: nextAddress(),
      payload: { promotionPlanId: promotionWeek.id, phoneNumber: SILENT, provider: 'mpesa' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { paymentId } = res.json<TPaymentAccepted>();
    const reported = {
      eventId: randomUUID(),
      reference: paymentId,
      status: 'succeeded',
      amountTzs: 500,
      currency: 'TZS',
    };
    expect((await callback(reported)).statusCode).toBe(200);
    expect((await paymentOf(me, paymentId)).status).toBe('needs_review');
    expect((await findPropertyRow(t.db, listing.id))!.promotionEndsAt).toBeNull();
    const granted = await t.db
      .select()
      .from(promotions)
      .where(eq(promotions.propertyId, listing.id));
    expect(granted).toHaveLength(0);
  });
});

describe('POST /api/properties/:id/promote', () => {
  async function promote(me: SignedIn, propertyId: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/promote`,
      headers: me.auth,
      remoteAddress: nextAddress(),
      payload: { promotionPlanId: promotionWeek.id, phoneNumber: PAYING, provider: 'airtelmoney' },
    });
  }

  it('promotes the owner’s approved listing once paid', async () => {
    const me = await signUpAndIn(t);
    const listing = await insertProperty(t.db, { publishedBy: me.userId });
    const res = await promote(me, listing.id);
    expect(res.statusCode).toBe(202);
    const payment = await settledPayment(me, res.json<TPaymentAccepted>().paymentId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      purpose: 'promotion',
      propertyId: listing.id,
    });
    const row = await findPropertyRow(t.db, listing.id);
    expect(row!.promotionEndsAt!.getTime()).toBe(clock().getTime() + 7 * DAY_MS);
    const granted = await t.db
      .select()
      .from(promotions)
      .where(eq(promotions.propertyId, listing.id));
    expect(granted).toHaveLength(1);
  });

  it('answers 403 for another user’s listing', async () => {
    const me = await signUpAndIn(t);
    const listing = await insertProperty(t.db);
    expect((await promote(me, listing.id)).statusCode).toBe(403);
  });

  it('answers 409 for a listing not approved yet', async () => {
    const me = await signUpAndIn(t);
    const listing = await insertProperty(t.db, { publishedBy: me.userId, status: 'pending' });
    const res = await promote(me, listing.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/approved/);
  });
});

describe('the expiry sweep', () => {
  it('expires a payment the payer never answered, once past the timeout', async () => {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    await sweeper().expireStale();
    expect((await paymentOf(me, body.paymentId)).status).toBe('pending');
    clock.advance(t.config.payments.timeoutMs + 1000);
    await sweeper().expireStale();
    const payment = await paymentOf(me, body.paymentId);
    expect(payment.status).toBe('expired');
    expect(payment.reason).toBe(REASONS.timedOut);
    expect(await subscriptionsOf(me.userId)).toHaveLength(0);
  });

  it('still grants a payment the provider confirms after it expired, once', async () => {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    clock.advance(t.config.payments.timeoutMs + 1000);
    await sweeper().expireStale();
    expect((await paymentOf(me, body.paymentId)).status).toBe('expired');

    // A failure reported late changes nothing: the payment stays expired.
    const failed = { eventId: randomUUID(), reference: body.paymentId, status: 'failed' };
    expect((await callback(failed)).statusCode).toBe(200);
    expect((await paymentOf(me, body.paymentId)).status).toBe('expired');

    // The money was taken after all: the payer gets what they paid for, and only once.
    const paid = {
      eventId: randomUUID(),
      reference: body.paymentId,
      status: 'succeeded',
      amountTzs: 10_000,
      currency: 'TZS',
    };
    expect((await callback(paid)).statusCode).toBe(200);
    expect((await callback({ ...paid, eventId: randomUUID() })).statusCode).toBe(200);
    const payment = await paymentOf(me, body.paymentId);
    expect(payment.status).toBe('succeeded');
    expect(payment.reason).toBeNull();
    expect(await subscriptionsOf(me.userId)).toHaveLength(1);
  });

  it('still holds a late confirmation of a different amount for review', async () => {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    clock.advance(t.config.payments.timeoutMs + 1000);
    await sweeper().expireStale();
    const paid = {
      eventId: randomUUID(),
      reference: body.paymentId,
      status: 'succeeded',
      amountTzs: 9_999,
      currency: 'TZS',
    };
    expect((await callback(paid)).statusCode).toBe(200);
    const payment = await paymentOf(me, body.paymentId);
    expect(payment.status).toBe('needs_review');
    expect(payment.reason).toBe(REASONS.amountMismatch);
    expect(await subscriptionsOf(me.userId)).toHaveLength(0);
  });

  it.each<[string, Partial<{ amount: number | null; currency: string | null }>, string | null]>([
    ['the order’s money', {}, null],
    ['no amount', { amount: null }, REASONS.amountMissing],
    ['another amount', { amount: 10_001 }, REASONS.amountMismatch],
    ['a fraction of the price', { amount: 9_999.9 }, REASONS.amountMismatch],
    ['another currency', { currency: 'USD' }, REASONS.currencyMismatch],
    ['no currency', { currency: null }, REASONS.currencyMismatch],
  ])(
    'checks the money of a success the status query reports: %s',
    async (_name, change, reason) => {
      const me = await signUpAndIn(t);
      const { body } = await subscribe(me, { phoneNumber: SILENT });
      clock.advance(t.config.payments.timeoutMs + 1000);
      const money = { amount: 10_000, currency: 'TZS', ...change };
      const warnings = watchWarnings();
      try {
        await sweeper(
          answering(body.paymentId, {
            status: 'succeeded',
            providerReference: 'SIM-queried',
            ...money,
          }),
        ).expireStale();
        const payment = await paymentOf(me, body.paymentId);
        if (reason === null) {
          expect(payment).toMatchObject({ status: 'succeeded', reason: null });
          expect(await subscriptionsOf(me.userId)).toHaveLength(1);
          return;
        }
        expect(payment).toMatchObject({ status: 'needs_review', reason });
        expect(await subscriptionsOf(me.userId)).toHaveLength(0);
        expect(warnings.logged()).toContainEqual([
          {
            paymentId: body.paymentId,
            expected: { amount: 10_000, currency: 'TZS' },
            reported: money,
            phone: '+255700***003',
          },
          expect.stringMatching(/review/),
        ]);
      } finally {
        warnings.restore();
      }
    },
  );
});

describe('a restart', () => {
  it('settles a payment left pending by the status query at start-up', async () => {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    clock.advance(t.config.payments.timeoutMs + 1000);
    // The provider confirmed it while the server was down; no callback will come.
    const gateway: PaymentGateway = {
      provider: 'simulator',
      requestPush: () => Promise.reject(new PaymentGatewayError('simulator', 'not in this test')),
      queryStatus: ({ reference }) =>
        Promise.resolve(
          reference === body.paymentId
            ? {
                status: 'succeeded' as const,
                providerReference: 'SIM-restart',
                amount: 10_000,
                currency: 'TZS',
              }
            : { status: 'pending' as const },
        ),
      parseCallback: () => {
        throw new PaymentCallbackRejectedError('simulator', 'not in this test');
      },
      close: () => Promise.resolve(),
    };
    const restarted = await createTestApp({ database: t.database, clock, payments: gateway });
    try {
      await vi.waitFor(
        async () => {
          const [row] = await t.db.select().from(payments).where(eq(payments.id, body.paymentId));
          expect(row!.status).toBe('succeeded');
          expect(row!.providerReference).toBe('SIM-restart');
        },
        { timeout: 5000, interval: 20 },
      );
      expect(await subscriptionsOf(me.userId)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
