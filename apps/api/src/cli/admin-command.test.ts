import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, admins, auditLog } from '../db/schema';
import {
  createAdminAuthRepository,
  type AdminAuthRepository,
} from '../modules/admin-auth/admin-auth.repository';
import { verifyAdminPassword } from '../modules/admin-auth/admin-passwords';
import { createFakeClock } from '../test/fake-clock';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import {
  AdminUsageError,
  parseAdminArgs,
  runAdminCommand,
  type AdminCommand,
} from './admin-command';

const clock = createFakeClock(new Date('2026-05-04T06:00:00.000Z'));

let database: TestDatabase;
let repository: AdminAuthRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  repository = createAdminAuthRepository(database.db);
});
afterAll(async () => {
  await database.dispose();
});

async function run(command: AdminCommand, password?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runAdminCommand(command, {
    repository,
    clock,
    password,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { status, out, err };
}

async function storedHash(username: string): Promise<string> {
  const [row] = await database.db
    .select({ passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.username, username));
  return row!.passwordHash;
}

describe('parseAdminArgs', () => {
  it('reads a command and a username, lower-cased', () => {
    expect(parseAdminArgs(['create', 'Amina'])).toEqual({ kind: 'create', username: 'amina' });
    expect(parseAdminArgs(['reset-password', 'amina'])).toEqual({
      kind: 'reset-password',
      username: 'amina',
    });
    expect(parseAdminArgs(['reset-two-step', 'Amina'])).toEqual({
      kind: 'reset-two-step',
      username: 'amina',
    });
  });

  it.each([[[]], [['delete', 'amina']], [['create']], [['create', 'a', 'b']], [['create', 'a b']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseAdminArgs(argv)).toThrow(AdminUsageError);
    },
  );
});

describe('admin create', () => {
  it('creates the admin with a generated password printed once, and audits it as system', async () => {
    const { status, out, err } = await run({ kind: 'create', username: 'amina' });
    expect({ status, err }).toEqual({ status: 0, err: [] });
    const shown = out.filter((line) => /password/.test(line));
    expect(shown).toHaveLength(1);
    const password = /: ([A-Z2-7]{20})$/.exec(shown[0]!)?.[1];
    expect(password).toBeDefined();
    expect(await verifyAdminPassword(await storedHash('amina'), password!)).toBe(true);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.create'));
    expect(entries).toEqual([
      expect.objectContaining({ actor: 'system', adminId: null, targetType: 'admin' }),
    ]);
    expect(JSON.stringify(entries)).not.toContain(password);
  });

  it('uses a given password and does not print it', async () => {
    const { status, out } = await run({ kind: 'create', username: 'baraka' }, 'given password 1');
    expect(status).toBe(0);
    expect(out.join('\n')).not.toContain('given password 1');
    expect(out.join('\n')).not.toMatch(/password \(shown once\)/);
    expect(await verifyAdminPassword(await storedHash('baraka'), 'given password 1')).toBe(true);
  });

  it('exits 1, naming the username, when it is taken', async () => {
    await run({ kind: 'create', username: 'chausiku' }, 'given password 1');
    const before = await storedHash('chausiku');
    const { status, out, err } = await run({ kind: 'create', username: 'chausiku' });
    expect(status).toBe(1);
    expect(err).toEqual(['admin: An admin named "chausiku" already exists.']);
    expect(out).toEqual([]);
    expect(await storedHash('chausiku')).toBe(before);
  });

  it('exits 2 for a given password under 12 characters', async () => {
    const { status, err } = await run({ kind: 'create', username: 'dotto' }, 'short');
    expect(status).toBe(2);
    expect(err[0]).toMatch(/at least|12 to 256/);
    expect(await database.db.select().from(admins).where(eq(admins.username, 'dotto'))).toEqual([]);
  });
});

describe('admin reset-password', () => {
  it('sets the new password, ends every session, and audits it', async () => {
    const adminId = (await repository.findAdminByUsername('amina'))!.id;
    const now = clock();
    const open = {
      adminId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      userAgent: null,
      ip: null,
    };
    await repository.createSession(open);
    await repository.createSession(open);

    const { status, out } = await run(
      { kind: 'reset-password', username: 'amina' },
      'new password 12',
    );
    expect(status).toBe(0);
    expect(out.join('\n')).not.toContain('new password 12');
    expect(await verifyAdminPassword(await storedHash('amina'), 'new password 12')).toBe(true);
    const sessions = await database.db
      .select({ revokedAt: adminSessions.revokedAt })
      .from(adminSessions)
      .where(eq(adminSessions.adminId, adminId));
    expect(sessions).toEqual([{ revokedAt: now }, { revokedAt: now }]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.password-reset'));
    expect(entry).toMatchObject({ actor: 'system', targetId: adminId });
  });

  it('generates and prints a password when none is given', async () => {
    const { status, out } = await run({ kind: 'reset-password', username: 'baraka' });
    expect(status).toBe(0);
    const password = /\(shown once\): ([A-Z2-7]{20})$/.exec(out.at(-1)!)?.[1];
    expect(await verifyAdminPassword(await storedHash('baraka'), password!)).toBe(true);
  });

  it('exits 1, naming the username, when nobody has it', async () => {
    const { status, err } = await run(
      { kind: 'reset-password', username: 'nobody' },
      'x'.repeat(12),
    );
    expect(status).toBe(1);
    expect(err).toEqual(['admin: No admin is named "nobody".']);
  });
});

describe('reset-two-step', () => {
  it('turns two-step sign-in off, recovery codes gone, and audits it as system', async () => {
    await run({ kind: 'create', username: 'zawadi' }, 'x'.repeat(12));
    const [admin] = await database.db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.username, 'zawadi'));
    const adminId = admin!.id;
    await database.db
      .update(admins)
      .set({ totpSecret: 'v1.sealed', totpEnabledAt: clock(), totpLastStep: 42 })
      .where(eq(admins.id, adminId));
    await repository.replaceRecoveryCodes(adminId, ['a'.repeat(64)], clock());

    // No password is read or printed for it.
    const { status, out } = await run({ kind: 'reset-two-step', username: 'Zawadi' });
    expect(status).toBe(0);
    expect(out).toEqual(['admin: two-step sign-in is off for "zawadi"; they can set it up again']);
    const [row] = await database.db.select().from(admins).where(eq(admins.id, adminId));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await repository.countRecoveryCodesLeft(adminId)).toBe(0);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.two-step-reset'));
    expect(entry).toMatchObject({ actor: 'system', targetId: adminId });
  });

  it('exits 1, naming the username, when nobody has it', async () => {
    const { status, err } = await run({ kind: 'reset-two-step', username: 'nobody' });
    expect(status).toBe(1);
    expect(err).toEqual(['admin: No admin is named "nobody".']);
  });
});
