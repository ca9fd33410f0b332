import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type RunningApp } from '@makazi/bench/app-process';
import { adminToken, expectApi, signUpAndIn, type SignedIn } from '../support/api-client';
import {
  CLICKPESA_CREDENTIALS,
  startClickPesaStandIn,
  type ClickPesaStandIn,
} from '../support/clickpesa-stand-in';
import { Cleanup } from '../support/cleanup';
import { killHard } from '../support/crash';
import { freshDatabase, serverAdminUrl, withClient, type FreshDatabase } from '../support/postgres';
import { until } from '@makazi/e2e/until';

/*
 * The API process killed with SIGKILL while ClickPesa's success callbacks for twenty payments
 * arrive at once, right after the first one has been answered. ClickPesa retries a callback until
 * it gets a 2xx, and sometimes sends one twice. Decision 010 promises: one grant per payment
 * whatever arrives, nothing granted before a provider confirms, and a restart loses nothing (a
 * payment whose callback never comes is settled by the status query of the expiry sweep).
 */

const PAYERS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const ADMIN = { username: 'resilience-admin', password: 'resilience-admin-password' };

interface Plan {
  id: string;
  durationInDays: number;
  price: number;
}

interface Checkout {
  payer: SignedIn;
  plan: Plan;
  paymentId: string;
}

interface PaymentState {
  status: string;
  grants: number;
  events: number;
}

describe('SIGKILL during payment callbacks', () => {
  let db: FreshDatabase;
  let dataDir: string;
  let provider: ClickPesaStandIn;
  const logDir = path.join(repoRoot, 'resilience/.tmp');
  let app: RunningApp | undefined;
  const cleanup = new Cleanup();
  let starts = 0;
  let plans: Plan[];
  /** Paid, and ClickPesa sends their callbacks. */
  let checkouts: Checkout[];
  /** Paid, but ClickPesa's callback never arrives. */
  let silent: Checkout;

  async function start(paymentTimeoutMs: number): Promise<RunningApp> {
    starts += 1;
    app = await startApp(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        MEDIA_STORAGE: 'disk',
        SEED_DEMO: 'false',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'info',
        PAYMENT_PROVIDER: 'clickpesa',
        CLICKPESA_API_URL: provider.url,
        CLICKPESA_CLIENT_ID: CLICKPESA_CREDENTIALS.clientId,
        CLICKPESA_API_KEY: CLICKPESA_CREDENTIALS.apiKey,
        CLICKPESA_CHECKSUM_KEY: CLICKPESA_CREDENTIALS.checksumKey,
        PAYMENT_TIMEOUT_MS: String(paymentTimeoutMs),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
      path.join(logDir, `kill-during-payment-callback-${starts}.log`),
    );
    return app;
  }

  const sql = <T extends object>(text: string, values: unknown[] = []) =>
    withClient(db.url, async (client) => (await client.query<T>(text, values)).rows);

  /** Each payment's status, its grants (subscriptions) and the provider events recorded for it. */
  async function paymentStates(): Promise<Map<string, PaymentState>> {
    const rows = await sql<{ id: string; status: string; grants: number; events: number }>(
      `SELECT p.id, p.status,
              (SELECT count(*)::int FROM subscriptions s WHERE s.payment_id = p.id) AS grants,
              (SELECT count(*)::int FROM payment_events e WHERE e.payment_id = p.id) AS events
         FROM payments p`,
    );
    return new Map(rows.map(({ id, ...state }) => [id, state]));
  }

  /**
   * What holds at any moment, crash or not: a payment is pending with no grant, or succeeded
   * with exactly one, recorded with the one provider event that settled it.
   */
  function expectConsistent(states: Map<string, PaymentState>): void {
    for (const [id, state] of states) {
      if (state.status === 'pending') {
        expect({ id, ...state }).toEqual({ id, status: 'pending', grants: 0, events: 0 });
      } else {
        expect({ id, ...state }).toEqual({ id, status: 'succeeded', grants: 1, events: 1 });
      }
    }
  }

  /** ClickPesa delivering a callback once: the HTTP status, or the error when none came. */
  async function deliver(running: RunningApp, body: string): Promise<number | Error> {
    try {
      const response = await fetch(`${running.baseUrl}/api/payments/callback/clickpesa`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.text().catch(() => undefined);
      return response.status;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  /** ClickPesa's retries: the callback again until it is answered with a 2xx. */
  async function deliverUntilAccepted(running: RunningApp, body: string): Promise<void> {
    await until(
      async () => {
        const status = await deliver(running, body);
        if (typeof status === 'number' && status >= 200 && status < 300) return true;
        if (typeof status === 'number') throw new Error(`the callback was answered ${status}`);
        throw status;
      },
      'the callback to be accepted',
      { everyMs: 200 },
    );
  }

  async function checkout(payer: SignedIn, plan: Plan): Promise<Checkout> {
    const running = app!;
    const body = {
      userId: payer.userId,
      planId: plan.id,
      phoneNumber: payer.phone,
      provider: 'mpesa',
      idempotencyKey: randomUUID(),
    };
    // A double tap on "Pay": the same checkout attempt twice, at once.
    const answers = await Promise.all(
      [0, 1].map(() =>
        expectApi<{ paymentId: string; status: string }>(
          202,
          running.baseUrl,
          'POST',
          '/api/subscription/create',
          { body, token: payer.token, address: payer.address },
        ),
      ),
    );
    expect(answers[1]!.paymentId).toBe(answers[0]!.paymentId);
    expect(answers[0]!.status).toBe('pending');
    return { payer, plan, paymentId: answers[0]!.paymentId };
  }

  async function financeTotals(
    running: RunningApp,
  ): Promise<{ count: number; succeededAmount: number; byStatus: Record<string, number> }> {
    const token = await adminToken(running.baseUrl, ADMIN.username, ADMIN.password);
    const { totals } = await expectApi<{
      totals: { count: number; succeededAmount: number; byStatus: Record<string, number> };
    }>(200, running.baseUrl, 'GET', '/api/admin/payments', { token });
    return totals;
  }

  /** The payer's grant: one subscription for the payment, exactly the plan's length. */
  async function expectOneGrant(running: RunningApp, paid: Checkout): Promise<void> {
    const grants = await sql<{ starts_at: Date; ends_at: Date }>(
      'SELECT starts_at, ends_at FROM subscriptions WHERE user_id = $1',
      [paid.payer.userId],
    );
    expect(grants).toHaveLength(1);
    const grant = grants[0]!;
    expect(grant.ends_at.getTime() - grant.starts_at.getTime()).toBe(
      paid.plan.durationInDays * DAY_MS,
    );
    const { data } = await expectApi<{ data: { isActive: boolean; endsAt: string | null } }>(
      200,
      running.baseUrl,
      'GET',
      `/api/subscription/status/${paid.payer.userId}`,
      { token: paid.payer.token },
    );
    expect(data).toEqual({ isActive: true, endsAt: grant.ends_at.toISOString() });
    const payment = await expectApi<{ status: string; amount: number }>(
      200,
      running.baseUrl,
      'GET',
      `/api/payments/${paid.paymentId}`,
      { token: paid.payer.token },
    );
    expect(payment).toMatchObject({ status: 'succeeded', amount: paid.plan.price });
  }

  beforeAll(async () => {
    mkdirSync(logDir, { recursive: true });
    provider = await startClickPesaStandIn();
    cleanup.add(() => provider.close());
    db = await freshDatabase(serverAdminUrl, 'makazi_resilience_payments');
    cleanup.add(() => db.drop());
    dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-resilience-payments-'));
    cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
    // Whichever server runs last: the killed one is gone already.
    cleanup.add(() => app?.stop());
    // Long enough that no sweep settles a payment by status query before the restarts below.
    const running = await start(10 * 60_000);
    plans = await expectApi<Plan[]>(200, running.baseUrl, 'GET', '/api/subscription-plan');
    expect(plans.length).toBeGreaterThan(1);
    const payers = await Promise.all(
      Array.from({ length: PAYERS + 1 }, () => signUpAndIn(running.baseUrl, dataDir)),
    );
    const all = await Promise.all(
      payers.map((payer, i) => checkout(payer, plans[i % plans.length]!)),
    );
    checkouts = all.slice(0, PAYERS);
    silent = all[PAYERS]!;
    // One push per payment, double taps included: nobody is asked to pay twice.
    expect(provider.pushes).toHaveLength(PAYERS + 1);
    for (const { paymentId } of all) provider.paymentFor(paymentId);
  });

  afterAll(() => cleanup.run());

  it('settles every paid payment once across a kill in the middle of their callbacks', async () => {
    const running = app!;
    // Every payer confirms on their phone; ClickPesa then calls back for all of them at once.
    const paid = checkouts.map((c) => ({ checkout: c, push: provider.paymentFor(c.paymentId) }));
    for (const { push } of [...paid, { push: provider.paymentFor(silent.paymentId) }]) {
      push.status = 'SUCCESS';
    }
    let killed: Promise<void> | undefined;
    const outcomes = await Promise.all(
      paid.map(async ({ checkout: c, push }) => {
        const outcome = await deliver(running, provider.successWebhook(push));
        // The first 2xx answer pulls the plug; the other callbacks are in flight.
        if (typeof outcome === 'number' && outcome < 300) killed ??= killHard(running);
        return { checkout: c, outcome };
      }),
    );
    await killed;
    const accepted = outcomes.filter((o) => o.outcome === 200).map((o) => o.checkout.paymentId);
    const unanswered = outcomes.filter((o) => o.outcome instanceof Error);
    expect(outcomes.filter((o) => typeof o.outcome === 'number' && o.outcome !== 200)).toEqual([]);
    expect(accepted.length).toBeGreaterThan(0);
    // The kill hit the moment it aimed at: some callbacks got no answer.
    expect(unanswered.length).toBeGreaterThan(0);
    console.info(
      `[resilience] killed with ${accepted.length} of ${PAYERS} callbacks answered 200, ${unanswered.length} unanswered`,
    );

    // In the database the dead server left: every callback answered 2xx has its effect.
    const afterKill = await paymentStates();
    expectConsistent(afterKill);
    for (const id of accepted) expect(afterKill.get(id)?.status, id).toBe('succeeded');

    const restarted = await start(10 * 60_000);
    // ClickPesa retries every callback until it is answered 2xx, and repeats a few of them.
    await Promise.all(
      paid.map(({ push }) => deliverUntilAccepted(restarted, provider.successWebhook(push))),
    );
    const repeats = await Promise.all(
      paid
        .slice(0, 5)
        .flatMap(({ push }) =>
          [0, 1, 2].map(() => deliver(restarted, provider.successWebhook(push))),
        ),
    );
    expect(repeats.every((status) => status === 200)).toBe(true);

    const settled = await paymentStates();
    expectConsistent(settled);
    for (const c of checkouts)
      expect(settled.get(c.paymentId)?.status, c.paymentId).toBe('succeeded');
    // The payment whose callback never came is still waiting (its timeout is far off).
    expect(settled.get(silent.paymentId)).toEqual({ status: 'pending', grants: 0, events: 0 });
    for (const c of checkouts) await expectOneGrant(restarted, c);

    const [succeededSum] = await sql<{ sum: string }>(
      "SELECT coalesce(sum(amount_tzs), 0)::text AS sum FROM payments WHERE status = 'succeeded'",
    );
    const expectedAmount = checkouts.reduce((total, c) => total + c.plan.price, 0);
    expect(Number(succeededSum?.sum)).toBe(expectedAmount);
    const totals = await financeTotals(restarted);
    expect(totals.succeededAmount).toBe(expectedAmount);
    expect(totals.count).toBe(PAYERS + 1);
    expect(totals.byStatus).toMatchObject({ succeeded: PAYERS, pending: 1 });
    // Still one push per payment: nothing was charged again on the way.
    expect(provider.pushes).toHaveLength(PAYERS + 1);
  });

  it('settles a paid payment whose callback never came by asking ClickPesa after a restart', async () => {
    await app!.stop();
    // A timeout shorter than the payment's age: the sweep at start-up asks ClickPesa about it.
    const restarted = await start(1_000);
    const orderReference = provider.paymentFor(silent.paymentId).orderReference;
    await until(async () => {
      const payment = await expectApi<{ status: string }>(
        200,
        restarted.baseUrl,
        'GET',
        `/api/payments/${silent.paymentId}`,
        { token: silent.payer.token },
      );
      return payment.status === 'pending' ? undefined : payment.status;
    }, 'the expiry sweep to settle the payment');
    expect(provider.statusQueries).toContain(orderReference);
    await expectOneGrant(restarted, silent);

    const states = await paymentStates();
    // Settled by the status query, not by a callback: no provider event.
    expect(states.get(silent.paymentId)).toEqual({ status: 'succeeded', grants: 1, events: 0 });
    for (const c of checkouts) await expectOneGrant(restarted, c);
    const expectedAmount = [...checkouts, silent].reduce((total, c) => total + c.plan.price, 0);
    const totals = await financeTotals(restarted);
    expect(totals.succeededAmount).toBe(expectedAmount);
    expect(totals.byStatus).toMatchObject({ succeeded: PAYERS + 1, pending: 0 });
  });
});
