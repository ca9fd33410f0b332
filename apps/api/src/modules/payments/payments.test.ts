import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_PHONE_MESSAGE } from '@makazi/contracts/payment-values';
import type { TPayment, TPaymentAccepted } from '@makazi/contracts/payments';
import { payments, promotions, subscriptions } from '../../db/schema';
import {
  PaymentCallbackRejectedError,
  PaymentGatewayError,
  type PaymentGateway,
} from '../../gateways/payments/payment-gateway';
import type { SimulatorPayments } from '../../gateways/payments/simulator-payments';
import { signInAdmin } from '../../test/admin';
import { insertPlan, insertProperty, findPropertyRow } from '../../test/factories';
import { createFakeClock } from '../../test/fake-clock';
import { nextAddress, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPaymentsRepository } from './payments.repository';
import { createPaymentsService, REASONS } from './payments.service';

const DAY_MS = 24 * 60 * 60 * 1000;
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

async function subscribe(
  me: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<{ statusCode: number; body: TPaymentAccepted & { message?: string } }> {
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
  return { statusCode: res.statusCode, body: res.json() };
}

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

function sweeper() {
  return createPaymentsService({
    repository: createPaymentsRepository(t.db),
    gateway: t.payments,
    clock,
    log: t.app.log,
    timeoutMs: t.config.payments.timeoutMs,
  });
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
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await subscriptionsOf(me.userId)).toHaveLength(1);
    expect((await paymentOf(me, paymentId)).status).toBe('succeeded');
  });

  it('fails the payment when the amount paid differs from the price', async () => {
    const { me, paymentId } = await silentPayment();
    const res = await callback({
      eventId: randomUUID(),
      reference: paymentId,
      status: 'succeeded',
      amountTzs: 1,
    });
    expect(res.statusCode).toBe(200);
    const payment = await paymentOf(me, paymentId);
    expect(payment.status).toBe('failed');
    expect(payment.reason).toBe(REASONS.amountMismatch);
    expect(await subscriptionsOf(me.userId)).toHaveLength(0);
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
    };
    expect((await callback(paid)).statusCode).toBe(200);
    expect((await callback({ ...paid, eventId: randomUUID() })).statusCode).toBe(200);
    const payment = await paymentOf(me, body.paymentId);
    expect(payment.status).toBe('succeeded');
    expect(payment.reason).toBeNull();
    expect(await subscriptionsOf(me.userId)).toHaveLength(1);
  });

  it('still refuses a late confirmation of a different amount', async () => {
    const me = await signUpAndIn(t);
    const { body } = await subscribe(me, { phoneNumber: SILENT });
    clock.advance(t.config.payments.timeoutMs + 1000);
    await sweeper().expireStale();
    const paid = {
      eventId: randomUUID(),
      reference: body.paymentId,
      status: 'succeeded',
      amountTzs: 9_999,
    };
    expect((await callback(paid)).statusCode).toBe(200);
    const payment = await paymentOf(me, body.paymentId);
    expect(payment.status).toBe('failed');
    expect(payment.reason).toBe(REASONS.amountMismatch);
    expect(await subscriptionsOf(me.userId)).toHaveLength(0);
  });
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
            ? { status: 'succeeded' as const, providerReference: 'SIM-restart' }
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
