import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import type {
  TAdminSupportMessage,
  TAdminSupportMessagesResponse,
  TSupportMessageCreated,
} from '@makazi/contracts/support';
import { auditLog, supportMessages } from '../../db/schema';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import { insertSupportMessage } from '../../test/factories';
import { nextAddress, post, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The admin's support inbox: GET /api/admin/support-messages and PATCH …/{id} (close, reopen),
 * each change in the audit log.
 */

const clock = createFakeClock(new Date('2026-11-25T09:00:00.000Z'));
const MINUTE = 60_000;

let t: TestApp;
let admin: SignedInAdmin;
let adminAuth: { authorization: string };
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signInAdmin(t.app);
  adminAuth = { authorization: `Bearer ${admin.token}` };
  user = await signUpAndIn(t, { firstName: 'Neema', lastName: 'Kweka' });
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(payload ? { payload } : {}),
  });
}

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

async function list(query = ''): Promise<TAdminSupportMessagesResponse> {
  const res = await call('GET', `/api/admin/support-messages${query}`, adminAuth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminSupportMessagesResponse>();
}

const setStatus = (id: string, status: string, headers: Record<string, string> = adminAuth) =>
  call('PATCH', `/api/admin/support-messages/${id}`, headers, { status });

const auditOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'support-message'), eq(auditLog.targetId, id)))
    .orderBy(auditLog.createdAt);

describe('GET /api/admin/support-messages', () => {
  it('lists open messages newest first, with what the sender gave, paged', async () => {
    await t.db.delete(supportMessages);
    const base = Date.parse('2026-11-20T08:00:00.000Z');
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(await insertSupportMessage(t.db, { createdAt: new Date(base + i * MINUTE) }));
    }
    await insertSupportMessage(t.db, {
      status: 'closed',
      closedAt: new Date(base + 10 * MINUTE),
      createdAt: new Date(base + 5 * MINUTE),
    });

    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    expect(page.items.map((item) => item.id)).toEqual(made.map((row) => row.id).reverse());
    const [newest] = page.items;
    const row = made[2];
    expect(newest).toEqual({
      id: row?.id,
      createdAt: '2026-11-20T08:02:00.000Z',
      userId: null,
      name: row?.name,
      phone: row?.phone,
      email: null,
      topic: 'listing',
      message: row?.message,
      status: 'open',
      closedAt: null,
      closedBy: null,
    });

    const second = await list('?pageSize=2&page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.items.map((item) => item.id)).toEqual([made[0]?.id]);

    const closed = await list('?status=closed');
    expect(closed.total).toBe(1);
    expect(closed.items[0]?.status).toBe('closed');
  });

  it('shows a signed-in sender’s account', async () => {
    const sent = await post(
      t,
      '/api/support/messages',
      { name: 'Neema Kweka', topic: 'payment', message: 'Nimelipa lakini usajili haujaanza.' },
      { headers: user.auth },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json<TSupportMessageCreated>();
    const found = (await list('?pageSize=100')).items.find((item) => item.id === id);
    expect(found).toMatchObject({ userId: user.userId, topic: 'payment', phone: null });
  });

  it('refuses a bad status or page with a 400 naming it', async () => {
    for (const [query, field] of [
      ['?status=archived', 'status'],
      ['?page=0', 'page'],
      ['?pageSize=101', 'pageSize'],
    ] as const) {
      const res = await call('GET', `/api/admin/support-messages${query}`, adminAuth);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).details?.map((d) => d.field)).toEqual([field]);
    }
  });

  it('is for admins only: 401 anonymous, 403 with a user’s token', async () => {
    expect((await call('GET', '/api/admin/support-messages', {})).statusCode).toBe(401);
    const asUser = await call('GET', '/api/admin/support-messages', user.auth);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.headers['cache-control']).toBe('private, no-store');
  });
});

describe('PATCH /api/admin/support-messages/{id}', () => {
  it('closes a message, saying when and by whom, and logs it in the audit log', async () => {
    const message = await insertSupportMessage(t.db);
    clock.set(new Date('2026-11-25T10:00:00.000Z'));
    const res = await setStatus(message.id, 'closed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdminSupportMessage>()).toMatchObject({
      id: message.id,
      status: 'closed',
      closedAt: '2026-11-25T10:00:00.000Z',
      closedBy: admin.username,
    });
    const [row] = await t.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, message.id));
    expect(row).toMatchObject({ status: 'closed', closedBy: admin.adminId });

    const audit = await auditOf(message.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: admin.adminId,
      actor: admin.username,
      action: 'support-message.close',
      before: { status: 'open' },
      after: { status: 'closed' },
    });
    expect(audit[0]?.createdAt.toISOString()).toBe('2026-11-25T10:00:00.000Z');

    // The audit log's own filter finds it.
    const logged = await call(
      'GET',
      `/api/admin/audit?targetType=support-message&targetId=${message.id}`,
      adminAuth,
    );
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json<{ total: number }>().total).toBe(1);
  });

  it('reopens a closed message, clearing who closed it, and logs that too', async () => {
    const message = await insertSupportMessage(t.db);
    expect((await setStatus(message.id, 'closed')).statusCode).toBe(200);
    const res = await setStatus(message.id, 'open');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdminSupportMessage>()).toMatchObject({
      status: 'open',
      closedAt: null,
      closedBy: null,
    });
    expect((await auditOf(message.id)).map((entry) => entry.action)).toEqual([
      'support-message.close',
      'support-message.reopen',
    ]);
  });

  it('changes and logs nothing when the message already has that status', async () => {
    const message = await insertSupportMessage(t.db);
    const res = await setStatus(message.id, 'open');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdminSupportMessage>().status).toBe('open');
    expect(await auditOf(message.id)).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for a bad status or id', async () => {
    const unknown = await setStatus(crypto.randomUUID(), 'closed');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');

    const message = await insertSupportMessage(t.db);
    const bad = await setStatus(message.id, 'deleted');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details?.map((d) => d.field)).toEqual(['status']);

    const badId = await setStatus('not-a-uuid', 'closed');
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).details?.map((d) => d.field)).toEqual(['id']);
  });

  it('is for admins only: 401 anonymous, 403 with a user’s token, and nothing changes', async () => {
    const message = await insertSupportMessage(t.db);
    // Signed in now: the clock has moved past the first user's 15-minute token.
    const someone = await signUpAndIn(t, { firstName: 'Daudi', lastName: 'Mushi' });
    expect((await setStatus(message.id, 'closed', {})).statusCode).toBe(401);
    expect((await setStatus(message.id, 'closed', someone.auth)).statusCode).toBe(403);
    const [row] = await t.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, message.id));
    expect(row?.status).toBe('open');
    expect(await auditOf(message.id)).toEqual([]);
  });
});
