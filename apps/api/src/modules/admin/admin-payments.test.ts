import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminPaymentsResponse } from '@makazi/contracts/admin';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TPaymentStatus } from '@makazi/contracts/payment-values';
import { parseCsv } from '../../db/seed/csv';
import { payments } from '../../db/schema';
import { isAppError } from '../../lib/errors';
import { signInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import { insertPlan, insertProperty, insertUser, type UserRow } from '../../test/factories';
import { signUpAndIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createAdminPaymentsRepository,
  type AdminPaymentsRepository,
} from './admin-payments.repository';
import { createAdminPaymentsService, eatDayStart } from './admin-payments.service';

/*
 * Finance records. Each test works in a calendar range of its own (no other test inserts payments
 * there), so counts and totals are exact although the database is shared by the whole file.
 */

// 22:00Z is already the 23rd in East Africa Time.
const clock = createFakeClock(new Date('2026-11-22T22:00:00.000Z'));

let t: TestApp;
let adminAuth: { authorization: string };
let payer: UserRow;
let subscriptionPlan: { id: string; durationDays: number };
let promotionPlan: { id: string; durationDays: number };
let listingId: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await signInAdmin(t.app);
  adminAuth = { authorization: `Bearer ${admin.token}` };
  payer = await insertUser(t.db, { firstName: 'Asha', lastName: 'Mrema' });
  subscriptionPlan = await insertPlan(t.db, {
    kind: 'subscription',
    durationDays: 7,
    priceTzs: 5_000,
    features: { en: [], sw: [] },
  });
  promotionPlan = await insertPlan(t.db, {
    kind: 'promotion',
    durationDays: 30,
    priceTzs: 20_000,
    features: { en: [], sw: [] },
  });
  listingId = (await insertProperty(t.db, { publishedBy: payer.id })).id;
});
afterAll(async () => {
  await t.close();
});

interface PaymentOptions {
  createdAt: string;
  user?: UserRow;
  purpose?: 'subscription' | 'promotion';
  status?: TPaymentStatus;
  network?: 'mpesa' | 'halopesa' | 'airtelmoney' | 'tpesa' | 'tigopesa';
  amount?: number;
  reason?: string | null;
  providerReference?: string | null;
  completedAt?: string | null;
  payerPhone?: string;
}

/** A payment row as the payments module stores it. */
async function insertPayment(options: PaymentOptions): Promise<string> {
  const purpose = options.purpose ?? 'subscription';
  const createdAt = new Date(options.createdAt);
  const [row] = await t.db
    .insert(payments)
    .values({
      userId: (options.user ?? payer).id,
      purpose,
      planId: purpose === 'subscription' ? subscriptionPlan.id : promotionPlan.id,
      propertyId: purpose === 'promotion' ? listingId : null,
      amountTzs: options.amount ?? 5_000,
      provider: 'simulator',
      network: options.network ?? 'mpesa',
      payerPhone: options.payerPhone ?? '+255754000111',
      status: options.status ?? 'succeeded',
      statusReason: options.reason ?? null,
      providerReference: options.providerReference ?? null,
      idempotencyKey: randomUUID(),
      createdAt,
      updatedAt: createdAt,
      completedAt: options.completedAt ? new Date(options.completedAt) : null,
    })
    .returning({ id: payments.id });
  return row!.id;
}

const get = (url: string, headers: Record<string, string> = adminAuth) =>
  t.app.inject({ method: 'GET', url, headers });

async function list(query: string): Promise<TAdminPaymentsResponse> {
  const res = await get(`/api/admin/payments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminPaymentsResponse>();
}

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();
const fieldsOf = (res: { json: <T>() => T }) => [
  ...new Set(errorOf(res).details?.map((d) => d.field)),
];

describe('GET /api/admin/payments', () => {
  it('reads from and to as whole days in East Africa Time', async () => {
    const lateOct31 = await insertPayment({ createdAt: '2026-10-31T20:59:59.999Z' });
    const earlyNov1 = await insertPayment({ createdAt: '2026-10-31T21:00:00.000Z' });
    const lateNov1 = await insertPayment({ createdAt: '2026-11-01T20:59:00.000Z' });
    const earlyNov2 = await insertPayment({ createdAt: '2026-11-01T21:00:00.000Z' });

    const nov1 = await list('from=2026-11-01&to=2026-11-01');
    expect(nov1.items.map((p) => p.id)).toEqual([lateNov1, earlyNov1]);
    expect(nov1.total).toBe(2);
    expect((await list('from=2026-11-02&to=2026-11-02')).items.map((p) => p.id)).toEqual([
      earlyNov2,
    ]);
    expect((await list('from=2026-10-31&to=2026-10-31')).items.map((p) => p.id)).toEqual([
      lateOct31,
    ]);
    expect((await list('from=2026-10-31&to=2026-11-02')).total).toBe(4);
  });

  it('answers each payment with its payer, plan, network and outcome', async () => {
    const juma = await insertUser(t.db, { firstName: 'Juma', lastName: 'Ally' });
    const failed = await insertPayment({
      createdAt: '2026-09-10T08:00:00.000Z',
      user: juma,
      status: 'failed',
      network: 'airtelmoney',
      amount: 5_000,
      reason: 'The payer declined',
      payerPhone: '+255684000222',
    });
    const promoted = await insertPayment({
      createdAt: '2026-09-10T09:00:00.000Z',
      purpose: 'promotion',
      amount: 20_000,
      providerReference: 'CP-778899',
      completedAt: '2026-09-10T09:01:30.000Z',
    });
    const page = await list('from=2026-09-10&to=2026-09-10');
    expect(page.items).toEqual([
      {
        id: promoted,
        createdAt: '2026-09-10T09:00:00.000Z',
        completedAt: '2026-09-10T09:01:30.000Z',
        user: { id: payer.id, name: 'Asha Mrema', phoneNumber: payer.phoneNumber },
        purpose: 'promotion',
        plan: { id: promotionPlan.id, durationInDays: 30 },
        propertyId: listingId,
        provider: 'mpesa',
        amount: 20_000,
        status: 'succeeded',
        reason: null,
        payerPhone: '+255754000111',
        providerReference: 'CP-778899',
      },
      {
        id: failed,
        createdAt: '2026-09-10T08:00:00.000Z',
        completedAt: null,
        user: { id: juma.id, name: 'Juma Ally', phoneNumber: juma.phoneNumber },
        purpose: 'subscription',
        plan: { id: subscriptionPlan.id, durationInDays: 7 },
        propertyId: null,
        provider: 'airtelmoney',
        amount: 5_000,
        status: 'failed',
        reason: 'The payer declined',
        payerPhone: '+255684000222',
        providerReference: null,
      },
    ]);
  });

  it('totals every matching payment, not just the page, with every status named', async () => {
    const ids = [];
    const rows: PaymentOptions[] = [
      { createdAt: '2027-01-05T10:00:00.000Z', status: 'succeeded', amount: 1_000 },
      { createdAt: '2027-01-06T10:00:00.000Z', status: 'failed', amount: 50_000 },
      { createdAt: '2027-01-07T10:00:00.000Z', status: 'succeeded', amount: 2_000 },
      { createdAt: '2027-01-08T10:00:00.000Z', status: 'pending', amount: 70_000 },
      { createdAt: '2027-01-09T10:00:00.000Z', status: 'succeeded', amount: 3_000 },
    ];
    for (const row of rows) ids.push(await insertPayment(row));
    const range = 'from=2027-01-01&to=2027-01-31';
    const totals = {
      count: 5,
      succeededAmount: 6_000,
      byStatus: {
        pending: 1,
        succeeded: 3,
        failed: 1,
        expired: 0,
        cancelled: 0,
        needs_review: 0,
      },
    };

    const first = await list(`${range}&pageSize=2`);
    expect(first.items.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5, totals });
    const second = await list(`${range}&pageSize=2&page=2`);
    expect(second.items.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(second.totals).toEqual(totals);
    const third = await list(`${range}&pageSize=2&page=3`);
    expect(third.items.map((p) => p.id)).toEqual([ids[0]]);
    const beyond = await list(`${range}&pageSize=2&page=4`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);

    const succeeded = await list(`${range}&status=succeeded`);
    expect(succeeded.totals).toEqual({
      count: 3,
      succeededAmount: 6_000,
      byStatus: {
        pending: 0,
        succeeded: 3,
        failed: 0,
        expired: 0,
        cancelled: 0,
        needs_review: 0,
      },
    });
  });

  it('answers zeros for a range without payments', async () => {
    const empty = await list('from=2030-01-01&to=2030-01-31');
    expect(empty).toEqual({
      items: [],
      page: 1,
      pageSize: 20,
      total: 0,
      totals: {
        count: 0,
        succeededAmount: 0,
        byStatus: {
          pending: 0,
          succeeded: 0,
          failed: 0,
          expired: 0,
          cancelled: 0,
          needs_review: 0,
        },
      },
    });
  });

  it('filters by status, network and purpose', async () => {
    const a = await insertPayment({
      createdAt: '2027-02-01T10:00:00.000Z',
      status: 'succeeded',
      network: 'mpesa',
    });
    const b = await insertPayment({
      createdAt: '2027-02-02T10:00:00.000Z',
      status: 'expired',
      network: 'tigopesa',
    });
    const c = await insertPayment({
      createdAt: '2027-02-03T10:00:00.000Z',
      status: 'succeeded',
      network: 'tigopesa',
      purpose: 'promotion',
    });
    const range = 'from=2027-02-01&to=2027-02-28';
    const ids = async (query: string) => (await list(`${range}&${query}`)).items.map((p) => p.id);
    expect(await ids('status=succeeded')).toEqual([c, a]);
    expect(await ids('status=expired')).toEqual([b]);
    expect(await ids('provider=tigopesa')).toEqual([c, b]);
    expect(await ids('purpose=promotion')).toEqual([c]);
    expect(await ids('purpose=subscription&provider=tigopesa')).toEqual([b]);
    expect(await ids('status=failed')).toEqual([]);
  });

  it('finds the payments held for review, with their reason, and counts them apart', async () => {
    const held = await insertPayment({
      createdAt: '2028-06-02T10:00:00.000Z',
      status: 'needs_review',
      amount: 10_000,
      reason: 'The payment provider reported a different amount than the price.',
      providerReference: 'CP-REVIEW-1',
      completedAt: '2028-06-02T10:01:00.000Z',
    });
    await insertPayment({ createdAt: '2028-06-03T10:00:00.000Z', status: 'cancelled' });
    await insertPayment({ createdAt: '2028-06-04T10:00:00.000Z', status: 'succeeded' });
    const range = 'from=2028-06-01&to=2028-06-30';
    const page = await list(`${range}&status=needs_review`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: held,
      status: 'needs_review',
      reason: 'The payment provider reported a different amount than the price.',
      providerReference: 'CP-REVIEW-1',
    });
    expect(page.totals).toEqual({
      count: 1,
      // Held money is not revenue.
      succeededAmount: 0,
      byStatus: {
        pending: 0,
        succeeded: 0,
        failed: 0,
        expired: 0,
        cancelled: 0,
        needs_review: 1,
      },
    });
    const all = await list(range);
    expect(all.totals.byStatus).toMatchObject({ needs_review: 1, cancelled: 1, succeeded: 1 });
    expect(all.totals.succeededAmount).toBe(5_000);
  });

  it('takes an open-ended range', async () => {
    const latest = await insertPayment({ createdAt: '2031-05-01T10:00:00.000Z' });
    const fromOnly = await list('from=2031-05-01');
    expect(fromOnly.items.map((p) => p.id)).toEqual([latest]);
    const toOnly = await list('to=2031-04-30&pageSize=100');
    expect(toOnly.items.map((p) => p.id)).not.toContain(latest);
    expect(toOnly.total).toBeGreaterThan(0);
  });

  it('refuses a range that ends before it starts, naming from and to', async () => {
    const res = await get('/api/admin/payments?from=2026-11-02&to=2026-11-01');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res)).toEqual(['from', 'to']);
    // One day is a range.
    expect((await get('/api/admin/payments?from=2026-11-01&to=2026-11-01')).statusCode).toBe(200);
  });

  it.each([
    ['from=2026-13-01', 'from'],
    ['from=2026-02-30', 'from'],
    ['to=01-11-2026', 'to'],
    ['to=yesterday', 'to'],
    ['from=2026-11-01T00:00:00Z', 'from'],
    ['status=paid', 'status'],
    ['provider=visa', 'provider'],
    ['purpose=gift', 'purpose'],
    ['page=0', 'page'],
    ['pageSize=1000', 'pageSize'],
    ['pageSize=-1', 'pageSize'],
  ])('refuses %s, naming %s', async (query, field) => {
    const res = await get(`/api/admin/payments?${query}`);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });

  it('is for admins only: 401 anonymous, 403 with a user token', async () => {
    expect((await get('/api/admin/payments', {})).statusCode).toBe(401);
    const user = await signUpAndIn(t);
    expect((await get('/api/admin/payments', user.auth)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/payments/export.csv', () => {
  const HEADER = [
    'Date',
    'Payment ID',
    'User',
    'Phone',
    'Purpose',
    'Plan days',
    'Provider',
    'Amount (TZS)',
    'Status',
    'Reason',
    'Provider reference',
    'Completed at',
  ];

  it('is a UTF-8 CSV download with a BOM, a header row and one record per payment, newest first', async () => {
    const zuhura = await insertUser(t.db, { firstName: 'Zuhura', lastName: 'Ng’ambo' });
    const mama = await insertUser(t.db, { firstName: 'Asha, "Mama"', lastName: 'Mrema' });
    const first = await insertPayment({
      createdAt: '2027-03-01T20:30:00.000Z',
      user: zuhura,
      status: 'succeeded',
      network: 'halopesa',
      amount: 5_000,
      providerReference: 'HP-1',
      completedAt: '2027-03-01T20:31:05.000Z',
    });
    const second = await insertPayment({
      createdAt: '2027-03-02T07:00:00.000Z',
      user: mama,
      purpose: 'promotion',
      status: 'failed',
      network: 'airtelmoney',
      amount: 20_000,
      reason: 'Insufficient funds, try again',
    });
    // Outside the range.
    await insertPayment({ createdAt: '2027-03-02T21:00:00.000Z' });

    const res = await get('/api/admin/payments/export.csv?from=2027-03-01&to=2027-03-02');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="makazi-payments-2027-03-01-2027-03-02.csv"',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body).toContain('\r\n');

    expect(parseCsv(res.body)).toEqual([
      HEADER,
      [
        '2027-03-02 10:00:00',
        second,
        'Asha, "Mama" Mrema',
        "'+255754000111",
        'promotion',
        '30',
        'Airtel Money',
        '20000',
        'failed',
        'Insufficient funds, try again',
        '',
        '',
      ],
      [
        '2027-03-01 23:30:00',
        first,
        'Zuhura Ng’ambo',
        "'+255754000111",
        'subscription',
        '7',
        'Halopesa',
        '5000',
        'succeeded',
        '',
        'HP-1',
        '2027-03-01 23:31:05',
      ],
    ]);
    // Quoted as RFC 4180 has it, not merely readable by a lenient parser.
    expect(res.body).toContain(`,"Asha, ""Mama"" Mrema",`);
  });

  it('writes names that look like formulas as text', async () => {
    const attacker = await insertUser(t.db, {
      firstName: '=HYPERLINK("http://evil.example","Lipa")',
      lastName: 'X',
    });
    const at = await insertUser(t.db, { firstName: '@SUM(A1)', lastName: 'Y' });
    await insertPayment({ createdAt: '2027-04-01T10:00:00.000Z', user: attacker });
    await insertPayment({
      createdAt: '2027-04-01T11:00:00.000Z',
      user: at,
      status: 'failed',
      reason: '-1+1',
      providerReference: '+CMD',
    });
    const res = await get('/api/admin/payments/export.csv?from=2027-04-01&to=2027-04-01');
    const [, newer, older] = parseCsv(res.body);
    expect(newer?.[2]).toBe("'@SUM(A1) Y");
    expect(newer?.[9]).toBe("'-1+1");
    expect(newer?.[10]).toBe("'+CMD");
    expect(older?.[2]).toBe(`'=HYPERLINK("http://evil.example","Lipa") X`);
    for (const record of parseCsv(res.body).slice(1)) {
      for (const cell of record) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('applies the filters and names an open range after today (EAT)', async () => {
    const kept = await insertPayment({
      createdAt: '2027-05-01T10:00:00.000Z',
      status: 'succeeded',
      network: 'tpesa',
    });
    await insertPayment({
      createdAt: '2027-05-01T11:00:00.000Z',
      status: 'failed',
      network: 'tpesa',
    });
    await insertPayment({ createdAt: '2027-05-01T12:00:00.000Z', status: 'succeeded' });
    const res = await get(
      '/api/admin/payments/export.csv?from=2027-05-01&status=succeeded&provider=tpesa&page=9',
    );
    expect(res.statusCode).toBe(200);
    // The clock says 2026-11-22T22:00Z, which is the 23rd in Dar es Salaam.
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="makazi-payments-2027-05-01-2026-11-23.csv"',
    );
    expect(
      parseCsv(res.body)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual([kept]);

    const noRange = await get('/api/admin/payments/export.csv?status=expired&provider=tpesa');
    expect(noRange.headers['content-disposition']).toBe(
      'attachment; filename="makazi-payments-start-2026-11-23.csv"',
    );
    expect(parseCsv(noRange.body)).toEqual([HEADER]);
  });

  it.each([
    ['from=2026-11-02&to=2026-11-01', ['from', 'to']],
    ['from=22-11-2026', ['from']],
    ['status=paid', ['status']],
    ['provider=visa', ['provider']],
  ])('refuses %s with 400 naming the fields', async (query, fields) => {
    const res = await get(`/api/admin/payments/export.csv?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(fieldsOf(res)).toEqual(fields);
  });

  it('is for admins only', async () => {
    expect((await get('/api/admin/payments/export.csv', {})).statusCode).toBe(401);
    const user = await signUpAndIn(t);
    expect((await get('/api/admin/payments/export.csv', user.auth)).statusCode).toBe(403);
  });
});

describe('the export in batches', () => {
  const exportOf = async (options: { exportBatchSize?: number; exportLimit?: number }) => {
    const service = createAdminPaymentsService({
      repository: createAdminPaymentsRepository(t.db),
      clock,
      ...options,
    });
    const { chunks } = await service.exportCsv({ from: '2027-06-01', to: '2027-06-30' });
    const pieces: string[] = [];
    for await (const chunk of chunks) pieces.push(chunk);
    return pieces;
  };

  it('reads keyset batches that neither skip nor repeat rows, ties on time included', async () => {
    const ids = [];
    for (const createdAt of [
      '2027-06-01T10:00:00.000Z',
      '2027-06-02T10:00:00.000Z',
      '2027-06-02T10:00:00.000Z',
      '2027-06-02T10:00:00.000Z',
      '2027-06-03T10:00:00.000Z',
    ]) {
      ids.push(await insertPayment({ createdAt }));
    }
    const pieces = await exportOf({ exportBatchSize: 2 });
    // BOM and header, then batches of 2, 2 and 1.
    expect(pieces).toHaveLength(4);
    const exported = parseCsv(pieces.join(''))
      .slice(1)
      .map((r) => r[1]);
    const tied = ids.slice(1, 4).sort().reverse();
    expect(exported).toEqual([ids[4], ...tied, ids[0]]);
  });

  it('holds at most 100,000 rows unless told otherwise, and asks to narrow the dates beyond', async () => {
    // A repository that only counts: 100,001 real rows would take the test most of a minute.
    const counting = (matching: number): AdminPaymentsRepository => ({
      listPage: () => Promise.resolve([]),
      batchAfter: () => Promise.resolve([]),
      totalsByStatus: () =>
        Promise.resolve([
          { status: 'succeeded', count: matching - 1, amountTzs: 0 },
          { status: 'failed', count: 1, amountTzs: 0 },
        ]),
    });
    const exportWith = (matching: number) =>
      createAdminPaymentsService({ repository: counting(matching), clock }).exportCsv({
        from: '2025-06-01',
        to: '2025-06-02',
      });
    await expect(exportWith(100_000)).resolves.toMatchObject({
      filename: 'makazi-payments-2025-06-01-2025-06-02.csv',
    });
    const error: unknown = await exportWith(100_001).catch((e: unknown) => e);
    expect(isAppError(error)).toBe(true);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message:
        '100,001 payments match; one export holds at most 100,000. Narrow the dates (from, to) and export in parts.',
      details: [
        { field: 'from', message: expect.any(String) as string },
        { field: 'to', message: expect.any(String) as string },
      ],
    });
  });

  it('refuses before writing anything when more rows match than the limit', async () => {
    const error: unknown = await exportOf({ exportLimit: 4 }).catch((e: unknown) => e);
    expect(isAppError(error) && error.statusCode).toBe(400);
    expect(await exportOf({ exportLimit: 5 })).toHaveLength(2);
  });
});

describe('eatDayStart', () => {
  it('is the previous day at 21:00 UTC', () => {
    expect(eatDayStart('2026-11-01').toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(eatDayStart('2027-01-01').toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });
});
