import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminAuditResponse } from '@makazi/contracts/admin';
import { auditLog } from '../../db/schema';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import { insertProperty } from '../../test/factories';
import { createFakeClock } from '../../test/fake-clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recordAudit, type AuditEntry } from './audit.repository';

/* GET /api/admin/audit: what was recorded, newest first, filtered and paged. */

const clock = createFakeClock(new Date('2026-05-04T10:00:00.000Z'));
let t: TestApp;
let admin: SignedInAdmin;
const minutesAgo = (minutes: number) => new Date(clock().getTime() - minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signInAdmin(t.app);
  // Whatever signing in recorded (admin.login …) is not what these tests are about.
  await t.db.delete(auditLog);
  const entry = (values: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'at'>) =>
    recordAudit(t.db, {
      adminId: admin.adminId,
      actor: admin.username,
      targetType: 'property',
      targetId: 'p-1',
      ...values,
    });
  await entry({
    action: 'property.disapprove',
    at: minutesAgo(30),
    before: { status: 'pending', rejectionReason: null },
    after: { status: 'rejected', rejectionReason: 'Blurred' },
  });
  await entry({ action: 'property.approve', at: minutesAgo(10), targetId: 'p-1' });
  await entry({ action: 'property.approve', at: minutesAgo(20), targetId: 'p-2' });
  await entry({
    action: 'user.permissions',
    at: minutesAgo(5),
    targetType: 'user',
    targetId: 'u-1',
    before: { canPost: true },
    after: { canPost: false },
  });
  await entry({
    action: 'admin.password-reset',
    at: minutesAgo(40),
    adminId: null,
    actor: 'system',
    targetType: 'admin',
    targetId: null,
  });
});
afterAll(async () => {
  await t.close();
});

async function audit(query = ''): Promise<TAdminAuditResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminAuditResponse>();
}

const actionsOf = (page: TAdminAuditResponse) =>
  page.items.map((item) => `${item.action} ${item.targetId ?? '-'}`);

describe('GET /api/admin/audit', () => {
  it('answers every entry newest first, with who, what and the change', async () => {
    const page = await audit();
    expect(actionsOf(page)).toEqual([
      'user.permissions u-1',
      'property.approve p-1',
      'property.approve p-2',
      'property.disapprove p-1',
      'admin.password-reset -',
    ]);
    expect(page.total).toBe(5);
    expect(page.items[3]).toEqual({
      id: expect.any(String) as string,
      actor: admin.username,
      action: 'property.disapprove',
      targetType: 'property',
      targetId: 'p-1',
      before: { status: 'pending', rejectionReason: null },
      after: { status: 'rejected', rejectionReason: 'Blurred' },
      createdAt: minutesAgo(30).toISOString(),
    });
    expect(page.items[4]).toMatchObject({ actor: 'system', before: null, after: null });
  });

  it('filters by action, target type and target', async () => {
    expect(actionsOf(await audit('?action=property.approve'))).toEqual([
      'property.approve p-1',
      'property.approve p-2',
    ]);
    expect(actionsOf(await audit('?targetType=user'))).toEqual(['user.permissions u-1']);
    const one = await audit('?targetType=property&targetId=p-1');
    expect(actionsOf(one)).toEqual(['property.approve p-1', 'property.disapprove p-1']);
    expect(one.total).toBe(2);
  });

  it('pages with the total of every matching entry', async () => {
    const second = await audit('?pageSize=2&page=2');
    expect(actionsOf(second)).toEqual(['property.approve p-2', 'property.disapprove p-1']);
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
  });

  it('records a moderation decision the moment it is made', async () => {
    const listing = await insertProperty(t.db, { status: 'pending' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${listing.id}/approve`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await audit(`?targetType=property&targetId=${listing.id}`);
    expect(page.items).toEqual([
      expect.objectContaining({
        actor: admin.username,
        action: 'property.approve',
        before: { status: 'pending', rejectionReason: null, pendingChange: null },
        after: { status: 'approved', rejectionReason: null, pendingChange: null },
        createdAt: clock().toISOString(),
      }),
    ]);
  });

  it('rejects an unknown target type', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?targetType=planet',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(400);
  });
});
