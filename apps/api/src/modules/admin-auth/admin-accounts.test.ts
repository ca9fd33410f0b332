import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admins, auditLog } from '../../db/schema';
import { createFakeClock } from '../../test/fake-clock';
import { nextAddress } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  AdminAccountError,
  INITIAL_PASSWORD_FILE,
  bootstrapAdmins,
  createAdminAccount,
  parseUsername,
} from './admin-accounts';
import { createAdminAuthRepository, type AdminAuthRepository } from './admin-auth.repository';

const clock = createFakeClock(new Date('2026-05-04T06:00:00.000Z'));

let t: TestApp;
let repository: AdminAuthRepository;
beforeAll(async () => {
  t = await createTestApp({ clock });
  repository = createAdminAuthRepository(t.db);
});
afterAll(async () => {
  await t.close();
});
// Each test starts without admins: the bootstrap's rules depend on whether any exist.
beforeEach(async () => {
  await t.db.delete(admins);
  await t.db.delete(auditLog);
});

async function login(username: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress: nextAddress(),
  });
  return res.statusCode;
}

async function meWith(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.statusCode;
}

async function tokenFor(username: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

function bootstrap(configured?: { username: string; password: string }) {
  const printed: string[] = [];
  const run = bootstrapAdmins(repository, {
    configured,
    dataDir: t.dataDir,
    clock,
    print: (line) => printed.push(line),
  });
  return run.then((outcome) => ({ outcome, printed }));
}

const audit = () => t.db.select().from(auditLog).orderBy(auditLog.createdAt);

describe('bootstrapAdmins with ADMIN_USERNAME and ADMIN_PASSWORD', () => {
  it('creates that admin, as system, without printing or recording the password', async () => {
    const { outcome, printed } = await bootstrap({ username: 'amina', password: 'from the env 1' });
    expect(outcome).toBe('created');
    expect(printed).toEqual(['admin "amina" created from ADMIN_USERNAME and ADMIN_PASSWORD']);
    expect(await login('amina', 'from the env 1')).toBe(200);
    const entries = await audit();
    expect(entries[0]).toMatchObject({
      action: 'admin.create',
      actor: 'system',
      adminId: null,
      targetType: 'admin',
    });
    expect(JSON.stringify(entries)).not.toContain('from the env 1');
  });

  it('leaves the admin and its sessions alone when the password is already that one', async () => {
    await bootstrap({ username: 'amina', password: 'from the env 1' });
    const token = await tokenFor('amina', 'from the env 1');
    const { outcome, printed } = await bootstrap({ username: 'amina', password: 'from the env 1' });
    expect(outcome).toBe('unchanged');
    expect(printed).toEqual([]);
    expect(await meWith(token)).toBe(200);
  });

  it('sets a changed password and ends the sessions started with the old one', async () => {
    await bootstrap({ username: 'amina', password: 'from the env 1' });
    const token = await tokenFor('amina', 'from the env 1');
    const { outcome, printed } = await bootstrap({ username: 'amina', password: 'from the env 2' });
    expect(outcome).toBe('password-updated');
    expect(printed.join('\n')).not.toContain('from the env 2');
    expect(await meWith(token)).toBe(401);
    expect(await login('amina', 'from the env 1')).toBe(401);
    expect(await login('amina', 'from the env 2')).toBe(200);
    expect((await audit()).map((e) => e.action)).toContain('admin.password-reset');
  });

  it('does not generate a second admin beside it', async () => {
    await bootstrap({ username: 'amina', password: 'from the env 1' });
    expect(await t.db.select({ username: admins.username }).from(admins)).toEqual([
      { username: 'amina' },
    ]);
  });
});

describe('bootstrapAdmins without them', () => {
  const file = () => path.join(t.dataDir, INITIAL_PASSWORD_FILE);

  it('gives an empty database an "admin" whose password is printed once and kept in a 0600 file', async () => {
    const first = await bootstrap();
    expect(first.outcome).toBe('generated');
    const password = (await readFile(file(), 'utf8')).trim();
    expect(password).toMatch(/^[A-Z2-7]{20}$/);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(first.printed).toHaveLength(1);
    expect(first.printed[0]).toContain(password);
    expect(first.printed[0]).toContain('"admin"');
    expect(await login('admin', password)).toBe(200);
    const [created] = await audit();
    expect(created).toMatchObject({ action: 'admin.create', actor: 'system' });
    expect(JSON.stringify(created)).not.toContain(password);

    // The next start finds an admin: nothing printed, nothing rewritten.
    const second = await bootstrap();
    expect(second).toEqual({ outcome: 'admins-exist', printed: [] });
    expect((await readFile(file(), 'utf8')).trim()).toBe(password);
  });

  it('replaces a stale password file, with mode 0600 whatever the old one had', async () => {
    await writeFile(file(), 'OLD PASSWORD\n', { mode: 0o644 });
    await bootstrap();
    const password = (await readFile(file(), 'utf8')).trim();
    expect(password).not.toBe('OLD PASSWORD');
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(await login('admin', password)).toBe(200);
  });

  it('generates nothing when an admin exists already', async () => {
    await createAdminAccount(repository, { username: 'baraka', password: 'x'.repeat(12), clock });
    const { outcome, printed } = await bootstrap();
    expect(outcome).toBe('admins-exist');
    expect(printed).toEqual([]);
    expect(await t.db.select().from(admins).where(eq(admins.username, 'admin'))).toEqual([]);
  });
});

describe('createAdminAccount', () => {
  it('refuses a username that is taken in any case', async () => {
    await createAdminAccount(repository, { username: 'amina', password: 'x'.repeat(12), clock });
    await expect(
      createAdminAccount(repository, { username: 'AMINA', password: 'y'.repeat(12), clock }),
    ).rejects.toThrow(new AdminAccountError('An admin named "amina" already exists.'));
  });

  it('stores an argon2id hash, never the password', async () => {
    const { adminId } = await createAdminAccount(repository, {
      username: 'hashed',
      password: 'plain text pw',
      clock,
    });
    const [row] = await t.db.select().from(admins).where(eq(admins.id, adminId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('plain text pw');
  });

  it.each(['', 'has space', '-dash-first', 'x'.repeat(65)])('refuses the username %j', (name) => {
    expect(() => parseUsername(name)).toThrow(AdminAccountError);
  });
});
