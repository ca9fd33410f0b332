import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminUserDetail, TAdminUsersResponse, TPermissions } from '@makazi/contracts/admin';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { auditLog, payments, subscriptions, users } from '../../db/schema';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import { insertPlan, insertProperty, insertUser, listingBody } from '../../test/factories';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { createAdminUsersRepository, type AdminUsersRepository } from './admin-users.repository';
import { createAdminUsersService, searchTerm, substringPattern } from './admin-users.service';

const DAY = 24 * 60 * 60 * 1000;
const clock = createFakeClock(new Date('2026-11-22T09:00:00.000Z'));

let t: TestApp;
let admin: SignedInAdmin;
let adminAuth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signInAdmin(t.app);
  adminAuth = { authorization: `Bearer ${admin.token}` };
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(
  method: Method,
  url: string,
  headers: Record<string, string> | undefined,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const asAdmin = (method: Method, url: string, payload?: unknown) =>
  call(method, url, adminAuth, payload);

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();
const fieldsOf = (res: { json: <T>() => T }) => [
  ...new Set(errorOf(res).details?.map((d) => d.field)),
];

async function search(q: string, paging = ''): Promise<TAdminUsersResponse> {
  const res = await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(q)}${paging}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminUsersResponse>();
}

const auditOf = (userId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)))
    .orderBy(auditLog.createdAt);

describe('GET /api/admin/users', () => {
  it('lists users newest first with their switches, total over all pages', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const made = [];
    for (const [n, name] of ['Kwanza', 'Pili', 'Tatu'].entries()) {
      made.push(
        await insertUser(t.db, {
          firstName: name,
          lastName: 'Orodhamtihani',
          createdAt: new Date(base + n * DAY),
          canDelete: n !== 1,
        }),
      );
    }
    const first = await search('orodhamtihani', '&pageSize=2');
    expect(first.total).toBe(3);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(2);
    expect(first.items.map((u) => u.firstName)).toEqual(['Tatu', 'Pili']);
    expect(first.items[1]).toEqual({
      id: made[1]!.id,
      firstName: 'Pili',
      lastName: 'Orodhamtihani',
      name: 'Pili Orodhamtihani',
      phoneNumber: made[1]!.phoneNumber,
      numberOfProperties: 0,
      permissions: { canEdit: true, canDelete: false, canPost: true, reportsHeard: true },
      createdAt: '2026-01-02T00:00:00.000Z',
    });
    const second = await search('orodhamtihani', '&pageSize=2&page=2');
    expect(second.total).toBe(3);
    expect(second.items.map((u) => u.firstName)).toEqual(['Kwanza']);
  });

  it('lists everyone without q, never cached', async () => {
    await insertUser(t.db);
    const res = await asAdmin('GET', '/api/admin/users?pageSize=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<TAdminUsersResponse>();
    const count = await t.db.$count(users);
    expect(body.total).toBe(count);
    expect(body.items.length).toBe(Math.min(count, 100));
  });

  it('finds a user by a substring of the name, whatever the case', async () => {
    const zawadi = await insertUser(t.db, { firstName: 'Zawadi', lastName: 'Kilimanjarotest' });
    await insertUser(t.db, { firstName: 'Zawadi', lastName: 'Nyingine' });
    for (const q of ['zawadi kilimanjaro', 'KILIMANJAROTEST', 'adi Kili']) {
      expect(
        (await search(q)).items.map((u) => u.id),
        q,
      ).toEqual([zawadi.id]);
    }
  });

  it('finds a user by the phone number however it is typed', async () => {
    const neema = await insertUser(t.db, { phoneNumber: '+255754987321' });
    await insertUser(t.db, { phoneNumber: '+255654987321' });
    for (const q of [
      '0754987321',
      '+255754987321',
      '754987321',
      '255754987321',
      '0754 987 321',
      '+255 754-987-321',
      '0754987',
      '+25575498',
    ]) {
      const found = await search(q);
      expect(
        found.items.map((u) => u.id),
        q,
      ).toEqual([neema.id]);
      expect(found.total, q).toBe(1);
    }
  });

  it('takes % and _ in the search literally', async () => {
    const underscored = await insertUser(t.db, { firstName: 'Fatuma', lastName: 'Ali_Hassanx' });
    await insertUser(t.db, { firstName: 'Fatuma', lastName: 'AliXHassanx' });
    expect((await search('ali_hassanx')).items.map((u) => u.id)).toEqual([underscored.id]);
    expect((await search('fatuma%hassanx')).total).toBe(0);
  });

  it('counts listings that are not deleted, in any status', async () => {
    const owner = await insertUser(t.db, { firstName: 'Mwenye', lastName: 'Nyumbanyingi' });
    const idle = await insertUser(t.db, { firstName: 'Hana', lastName: 'Nyumbanyingi' });
    for (const status of ['draft', 'pending', 'approved', 'rejected', 'archived'] as const) {
      await insertProperty(t.db, { publishedBy: owner.id, status });
    }
    const found = await search('nyumbanyingi');
    const counts = Object.fromEntries(found.items.map((u) => [u.id, u.numberOfProperties]));
    expect(counts).toEqual({ [owner.id]: 4, [idle.id]: 0 });
  });

  it.each([
    ['page=0', 'page'],
    ['pageSize=1000', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=abc', 'page'],
    [`q=${'a'.repeat(101)}`, 'q'],
  ])('refuses %s, naming %s', async (query, field) => {
    const res = await asAdmin('GET', `/api/admin/users?${query}`);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });
});

describe('searchTerm', () => {
  it.each([
    ['0712345678', '712345678'],
    ['+255712345678', '712345678'],
    ['00255712345678', '712345678'],
    ['712345678', '712345678'],
    ['0712', '712'],
    ['+2557', '7'],
    ['0', '0'],
    ['Asha Mrema', 'Asha Mrema'],
    ['Asha 07', 'Asha 07'],
  ])('%j → %j', (q, term) => {
    expect(searchTerm(q)).toBe(term);
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(substringPattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
  });
});

describe('GET /api/admin/users/:id', () => {
  async function insertSubscription(userId: string, startsAt: Date, endsAt: Date) {
    const plan = await insertPlan(t.db, {
      kind: 'subscription',
      durationDays: 7,
      priceTzs: 5_000,
      features: { en: [], sw: [] },
      active: false,
    });
    const now = clock();
    const [payment] = await t.db
      .insert(payments)
      .values({
        userId,
        purpose: 'subscription',
        planId: plan.id,
        amountTzs: 5_000,
        provider: 'simulator',
        network: 'mpesa',
        payerPhone: '+255700000001',
        status: 'succeeded',
        idempotencyKey: randomUUID(),
        createdAt: now,
        updatedAt: now,
        completedAt: now,
      })
      .returning({ id: payments.id });
    await t.db
      .insert(subscriptions)
      .values({ userId, paymentId: payment!.id, startsAt, endsAt, createdAt: now });
  }

  it('shows the user, the active subscription and the listings but deleted ones, newest first', async () => {
    const user = await insertUser(t.db, { firstName: 'Rehema', lastName: 'Kaduma' });
    const now = clock().getTime();
    const older = await insertProperty(t.db, {
      publishedBy: user.id,
      type: 'Land',
      status: 'rejected',
      createdAt: new Date(now - 2 * DAY),
    });
    const newer = await insertProperty(t.db, {
      publishedBy: user.id,
      status: 'pending',
      createdAt: new Date(now - DAY),
    });
    await insertProperty(t.db, { publishedBy: user.id, status: 'archived' });
    const endsAt = new Date(now + 3 * DAY);
    await insertSubscription(user.id, new Date(now - 4 * DAY), endsAt);

    const res = await asAdmin('GET', `/api/admin/users/${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const detail = res.json<TAdminUserDetail>();
    expect(detail.user).toMatchObject({
      id: user.id,
      name: 'Rehema Kaduma',
      numberOfProperties: 2,
      permissions: { canEdit: true, canDelete: true, canPost: true, reportsHeard: true },
    });
    expect(detail.subscription).toEqual({ isActive: true, endsAt: endsAt.toISOString() });
    expect(detail.properties).toEqual([
      {
        id: newer.id,
        type: 'Rent',
        title: newer.title,
        description: newer.description,
        status: 'pending',
        createdAt: newer.createdAt.toISOString(),
      },
      {
        id: older.id,
        type: 'Land',
        title: older.title,
        description: older.description,
        status: 'rejected',
        createdAt: older.createdAt.toISOString(),
      },
    ]);
  });

  it('shows no subscription once it has ended (the subscriptions rule: ends_at is over)', async () => {
    const user = await insertUser(t.db);
    const now = clock().getTime();
    await insertSubscription(user.id, new Date(now - 8 * DAY), new Date(now));
    await insertSubscription(user.id, new Date(now + DAY), new Date(now + 8 * DAY));
    const detail = (await asAdmin('GET', `/api/admin/users/${user.id}`)).json<TAdminUserDetail>();
    expect(detail.subscription).toEqual({ isActive: false, endsAt: null });
    expect(detail.properties).toEqual([]);
  });

  it('answers 404 for an id nobody has, 400 for one that is not a uuid', async () => {
    const missing = await asAdmin('GET', `/api/admin/users/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');
    const bad = await asAdmin('GET', '/api/admin/users/me');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['id']);
  });
});

describe('PATCH /api/admin/users/:id/permissions', () => {
  /** Each change a second after the last, so audit entries sort in the order they were made. */
  const permissions = (userId: string, body: Partial<TPermissions>) => {
    clock.advanceSeconds(1);
    return asAdmin('PATCH', `/api/admin/users/${userId}/permissions`, body);
  };

  it('saves the change, answers all four and audits before and after', async () => {
    const user = await insertUser(t.db);
    const res = await permissions(user.id, { canPost: false, canEdit: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPermissions>()).toEqual({
      canEdit: true,
      canDelete: true,
      canPost: false,
      reportsHeard: true,
    });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ canPost: false, canEdit: true, canDelete: true });
    expect(row!.updatedAt).toEqual(clock());

    const entries = await auditOf(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminId: admin.adminId,
      actor: admin.username,
      action: 'user.permissions',
      targetType: 'user',
      targetId: user.id,
      // Only what changed: canEdit was sent but already on.
      before: { canPost: true },
      after: { canPost: false },
      createdAt: clock(),
    });
  });

  it('writes nothing and audits nothing when the values are already so', async () => {
    const user = await insertUser(t.db, { canDelete: false });
    const res = await permissions(user.id, { canDelete: false, canPost: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<TPermissions>()).toEqual({
      canEdit: true,
      canDelete: false,
      canPost: true,
      reportsHeard: true,
    });
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('writes the change and its audit entry together: no entry, no change', async () => {
    const withFailingAudit = (repository: AdminUsersRepository): AdminUsersRepository => ({
      ...repository,
      transaction: (work) => repository.transaction((tx) => work(withFailingAudit(tx))),
      recordAudit: () => Promise.reject(new Error('audit log unavailable')),
    });
    const service = createAdminUsersService({
      repository: withFailingAudit(createAdminUsersRepository(t.db)),
      subscriptions: createSubscriptionsRepository(t.db),
      clock,
    });
    const user = await insertUser(t.db);
    const actor = { adminId: admin.adminId, username: admin.username, sessionId: randomUUID() };
    await expect(
      service.updatePermissions(actor, user.id, { canPost: false }, '127.0.0.1'),
    ).rejects.toThrow('audit log unavailable');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.canPost).toBe(true);
  });

  it('answers 404 for an unknown user, and audits nothing', async () => {
    const id = randomUUID();
    const res = await permissions(id, { canPost: false });
    expect(res.statusCode).toBe(404);
    expect(await auditOf(id)).toEqual([]);
  });

  it.each([
    [{}, 'request'],
    [{ canPost: 'no' }, 'canPost'],
    [{ canEdit: null }, 'canEdit'],
  ])('refuses %j with 400', async (body, field) => {
    const user = await insertUser(t.db);
    const res = await permissions(user.id, body as Partial<TPermissions>);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    if (field !== 'request') expect(fieldsOf(res)).toEqual([field]);
  });

  it('is enforced by the listing routes at once, and turning the switches on restores them', async () => {
    const owner: SignedIn = await signUpAndIn(t, { firstName: 'Baraka', lastName: 'Swai' });
    const created = await call('POST', '/api/properties/lease', owner.auth, listingBody('Rent'));
    expect(created.statusCode, created.body).toBe(201);
    const listing = created.json<TViewerProperty>();

    expect((await permissions(owner.userId, { canPost: false })).statusCode).toBe(200);
    const post = await call('POST', '/api/properties/lease', owner.auth, listingBody('Rent'));
    expect(post.statusCode).toBe(403);
    expect(errorOf(post).message).toBe('Your account may not publish listings. Contact support.');

    expect((await permissions(owner.userId, { canEdit: false })).statusCode).toBe(200);
    const edit = await call('PATCH', `/api/properties/${listing.id}`, owner.auth, {
      title: 'Chumba kipya cha kupanga',
    });
    expect(edit.statusCode).toBe(403);
    expect(errorOf(edit).message).toBe('Your account may not edit listings. Contact support.');

    expect((await permissions(owner.userId, { canDelete: false })).statusCode).toBe(200);
    const remove = await call('DELETE', `/api/properties/${listing.id}`, owner.auth);
    expect(remove.statusCode).toBe(403);
    expect(errorOf(remove).message).toBe('Your account may not delete listings. Contact support.');

    const restored = await permissions(owner.userId, {
      canPost: true,
      canEdit: true,
      canDelete: true,
    });
    expect(restored.json<TPermissions>()).toEqual({
      canEdit: true,
      canDelete: true,
      canPost: true,
      reportsHeard: true,
    });
    expect(
      (await call('POST', '/api/properties/lease', owner.auth, listingBody('Rent'))).statusCode,
    ).toBe(201);
    expect(
      (
        await call('PATCH', `/api/properties/${listing.id}`, owner.auth, {
          title: 'Chumba kipya cha kupanga',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/properties/${listing.id}`, owner.auth)).statusCode).toBe(
      200,
    );

    const entries = await auditOf(owner.userId);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ canPost: true }, { canPost: false }],
      [{ canEdit: true }, { canEdit: false }],
      [{ canDelete: true }, { canDelete: false }],
      [
        { canEdit: false, canDelete: false, canPost: false },
        { canEdit: true, canDelete: true, canPost: true },
      ],
    ]);
  });
});

describe('access', () => {
  it.each([
    ['GET', '/api/admin/users'],
    ['GET', `/api/admin/users/${randomUUID()}`],
    ['PATCH', `/api/admin/users/${randomUUID()}/permissions`],
  ] as const)('%s %s: 401 anonymous, 403 with a user token', async (method, url) => {
    const body = method === 'PATCH' ? { canPost: false } : undefined;
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    const user = await signUpAndIn(t);
    expect((await call(method, url, user.auth, body)).statusCode).toBe(403);
  });
});
