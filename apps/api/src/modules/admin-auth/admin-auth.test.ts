import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminLoginResponse } from '@makazi/contracts/admin';
import type { TErrorResponse } from '@makazi/contracts/common';
import { adminLoginFailures, adminSessions, admins, auditLog } from '../../db/schema';
import { signInAdmin, TEST_ADMIN_PASSWORD } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import { nextAddress, signUpAndIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { JWT_ISSUER } from '../../lib/session-tokens';
import { createAdminAccount, resetAdminPassword } from './admin-accounts';
import { createAdminAuthRepository } from './admin-auth.repository';
import { WRONG_CREDENTIALS } from './admin-auth.service';
import { ADMIN_JWT_AUDIENCE, ADMIN_JWT_TYPE } from './admin-tokens';

const clock = createFakeClock(new Date('2026-05-04T06:00:00.000Z'));
const PASSWORD = 'mlima kilimanjaro 5895';
const HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

let usernameSequence = 0;
/** A new admin with PASSWORD, made as the CLI makes one. */
async function newAdmin(username = `moderator${++usernameSequence}`) {
  return createAdminAccount(createAdminAuthRepository(t.db), {
    username,
    password: PASSWORD,
    clock,
  });
}

function login(username: string, password: string, address = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress: address,
    headers: { 'user-agent': 'vitest' },
  });
}

async function tokenFor(username: string): Promise<string> {
  const res = await login(username, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminLoginResponse>().access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string | undefined) =>
  t.app.inject({ method: 'GET', url: '/api/admin/me', headers: token ? bearer(token) : {} });
const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

async function auditOf(adminId: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, adminId), eq(auditLog.action, action)));
}

async function adminRow(id: string) {
  const [row] = await t.db.select().from(admins).where(eq(admins.id, id));
  return row!;
}

describe('POST /api/admin/login', () => {
  it('answers a token for 8 hours, never cached, and writes an audit entry without the password', async () => {
    const { adminId } = await newAdmin('amina');
    const address = nextAddress();
    const res = await login('amina', PASSWORD, address);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAdminLoginResponse>();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'username']);
    expect(body).toMatchObject({ expires_in: 8 * 60 * 60, username: 'amina' });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(res.headers['cache-control']).toBe('no-store');

    const [entry, ...more] = await auditOf(adminId, 'admin.login');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ adminId, actor: 'amina', targetType: 'admin', ip: address });
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);
    expect((await adminRow(adminId)).lastLoginAt).toEqual(clock());

    const [session] = await t.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.adminId, adminId));
    expect(session).toMatchObject({
      expiresAt: new Date(clock().getTime() + 8 * HOUR),
      revokedAt: null,
      ip: address,
      userAgent: 'vitest',
    });
  });

  it('takes the username in any case and with spaces around it', async () => {
    await newAdmin('baraka');
    const res = await login('  BaRaKa ', PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdminLoginResponse>().username).toBe('baraka');
  });

  it('gives the same 401 for a wrong password and for an unknown username', async () => {
    const { username } = await newAdmin();
    const wrong = await login(username, 'not the password');
    const unknown = await login('nobody-here', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: WRONG_CREDENTIALS,
      });
    }
    expect(unknown.headers).not.toHaveProperty('retry-after');
  });

  it('refuses an empty username or password: “Username and Password are required”', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('Username and Password are required');
  });

  describe('the lock of a (username, address) pair', () => {
    async function failuresOf(username: string, ip: string) {
      const [row] = await t.db
        .select()
        .from(adminLoginFailures)
        .where(and(eq(adminLoginFailures.username, username), eq(adminLoginFailures.ip, ip)));
      return row;
    }

    it('locks the pair for 15 minutes on the 5th wrong password in a row, right password included, with an audit entry', async () => {
      const { adminId, username } = await newAdmin();
      const address = nextAddress();
      for (let i = 1; i <= 5; i += 1) {
        expect((await login(username, `wrong ${i}`, address)).statusCode).toBe(401);
      }
      expect(await failuresOf(username, address)).toMatchObject({
        failures: 0,
        lockedUntil: new Date(clock().getTime() + 15 * 60_000),
      });
      // The right password does not open a locked pair either.
      const right = await login(username, PASSWORD, address);
      expect(right.statusCode).toBe(401);

      const entries = await auditOf(adminId, 'admin.lockout');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor: 'system', adminId: null, targetType: 'admin' });
      expect(JSON.stringify(entries)).not.toContain('wrong 5');
    });

    it('does not stop the same admin signing in from another address', async () => {
      const { username } = await newAdmin();
      const attacker = nextAddress();
      for (let i = 1; i <= 5; i += 1) await login(username, `wrong ${i}`, attacker);
      expect((await login(username, PASSWORD, attacker)).statusCode).toBe(401);
      const elsewhere = await login(username, PASSWORD, nextAddress());
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      expect(elsewhere.json<TAdminLoginResponse>().access_token).toBeTruthy();
    });

    it('answers a wrong password, an unknown username and a locked pair (right password) byte for byte alike', async () => {
      const { username } = await newAdmin();
      const address = nextAddress();
      for (let i = 1; i <= 5; i += 1) await login(username, `wrong ${i}`, address);
      const locked = await login(username, PASSWORD, address);
      const wrong = await login(username, 'not the password');
      const unknown = await login('nobody-at-all', PASSWORD);
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(locked.statusCode);
        expect(res.body).toBe(locked.body);
        expect(res.headers['retry-after']).toBe(locked.headers['retry-after']);
      }
      expect(locked.statusCode).toBe(401);
      expect(locked.headers).not.toHaveProperty('retry-after');
    });

    it('counts unknown usernames too, in lower case, without an audit entry', async () => {
      const address = nextAddress();
      for (let i = 1; i <= 5; i += 1) await login('Ghost-Admin', `guess ${i}`, address);
      expect((await failuresOf('ghost-admin', address))?.lockedUntil).toEqual(
        new Date(clock().getTime() + 15 * 60_000),
      );
      const entries = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'admin.lockout'));
      expect(JSON.stringify(entries)).not.toContain('ghost-admin');
    });

    it('holds across a restart: the count is in the database', async () => {
      const { username } = await newAdmin();
      const address = nextAddress();
      for (let i = 1; i <= 3; i += 1) await login(username, `wrong ${i}`, address);
      const restarted = await createTestApp({
        clock,
        database: t.database,
        jwtSecret: t.jwtSecret,
      });
      try {
        const again = (password: string) =>
          restarted.app.inject({
            method: 'POST',
            url: '/api/admin/login',
            payload: { username, password },
            remoteAddress: address,
          });
        expect((await again('wrong 4')).statusCode).toBe(401);
        expect((await again('wrong 5')).statusCode).toBe(401);
        expect((await again(PASSWORD)).statusCode).toBe(401);
      } finally {
        await restarted.close();
      }
    });

    it('ends after 15 minutes, and the count starts again', async () => {
      const { username } = await newAdmin();
      const address = nextAddress();
      for (let i = 1; i <= 5; i += 1) await login(username, `wrong ${i}`, address);
      clock.advanceSeconds(15 * 60 - 1);
      expect((await login(username, PASSWORD, address)).statusCode).toBe(401);
      clock.advanceSeconds(1);
      expect((await login(username, 'wrong again', address)).statusCode).toBe(401);
      expect((await login(username, PASSWORD, address)).statusCode).toBe(200);
    });

    it('counts wrong passwords in a row only: a success clears the pair', async () => {
      const { username } = await newAdmin();
      const address = nextAddress();
      for (let i = 1; i <= 4; i += 1) await login(username, `wrong ${i}`, address);
      expect((await failuresOf(username, address))?.failures).toBe(4);
      expect((await login(username, PASSWORD, address)).statusCode).toBe(200);
      expect(await failuresOf(username, address)).toBeUndefined();
      for (let i = 1; i <= 4; i += 1) {
        expect((await login(username, `wrong ${i}`, address)).statusCode).toBe(401);
      }
      expect((await login(username, PASSWORD, address)).statusCode).toBe(200);
    });
  });

  it('limits one address to 20 tries in 15 minutes, with Retry-After', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await login(`nobody-${i}`, 'x', address)).statusCode).toBe(401);
    }
    const limited = await login('nobody-21', 'x', address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await login('nobody-22', 'x')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/me and POST /api/admin/logout', () => {
  it('says who the token belongs to, never cached', async () => {
    const { adminId, username } = await newAdmin();
    const res = await me(await tokenFor(username));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: adminId, username });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('asks an anonymous caller to sign in as an administrator', async () => {
    for (const res of [
      await me(undefined),
      await t.app.inject({ method: 'POST', url: '/api/admin/logout' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('logout ends that session at once and no other', async () => {
    const { username } = await newAdmin();
    const first = await tokenFor(username);
    const second = await tokenFor(username);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(first),
    });
    expect(out.statusCode, out.body).toBe(204);
    expect(out.body).toBe('');
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(first)).headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await me(second)).statusCode).toBe(200);
  });

  it('a password reset ends every session of that admin, and only the new password works', async () => {
    const { username } = await newAdmin();
    const other = await signInAdmin(t.app);
    const tokens = [await tokenFor(username), await tokenFor(username)];
    await resetAdminPassword(createAdminAuthRepository(t.db), {
      username,
      password: 'a brand new password',
      clock,
    });
    for (const token of tokens) expect((await me(token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await login(username, PASSWORD)).statusCode).toBe(401);
    expect((await login(username, 'a brand new password')).statusCode).toBe(200);
  });

  it('ends the token after 8 hours', async () => {
    const { username } = await newAdmin();
    const token = await tokenFor(username);
    clock.advance(8 * HOUR - 1000);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('admin tokens and user tokens', () => {
  it('an admin token is not a user token: user routes answer 401', async () => {
    const admin = await signInAdmin(t.app);
    const user = await signUpAndIn(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.userId}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('a user token is not an admin token: admin routes answer 403', async () => {
    const user = await signUpAndIn(t);
    const res = await me(user.accessToken);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN' });
  });

  /** A token for a live admin session, signed with the app's key, with the claims given. */
  async function forge(options: {
    audience?: string;
    type?: string;
    expiresAt?: Date;
  }): Promise<string> {
    const admin = await signInAdmin(t.app);
    const [session] = await t.db
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(eq(adminSessions.adminId, admin.adminId));
    const now = clock();
    return new SignJWT({ sid: session!.id })
      .setProtectedHeader({ alg: 'HS256', typ: options.type ?? ADMIN_JWT_TYPE })
      .setSubject(admin.adminId)
      .setIssuer(JWT_ISSUER)
      .setAudience(options.audience ?? ADMIN_JWT_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(options.expiresAt ?? new Date(now.getTime() + HOUR))
      .sign(new TextEncoder().encode(t.jwtSecret));
  }

  it('takes a well-made forged token (the checks below are what refuse the others)', async () => {
    expect((await me(await forge({}))).statusCode).toBe(200);
  });

  it('refuses a token of the user audience or the user type, even for a live admin session', async () => {
    expect((await me(await forge({ audience: 'makazi-api' }))).statusCode).toBe(401);
    expect((await me(await forge({ type: 'at+jwt' }))).statusCode).toBe(401);
  });

  it('refuses an expired token whose session is still open', async () => {
    const token = await forge({ expiresAt: new Date(clock().getTime() + 60_000) });
    clock.advance(60_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a token that outlives its session row', async () => {
    const token = await forge({ expiresAt: new Date(clock().getTime() + 48 * HOUR) });
    clock.advance(8 * HOUR);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a token naming a session that does not exist', async () => {
    const admin = await signInAdmin(t.app);
    const now = clock();
    const token = await new SignJWT({ sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: ADMIN_JWT_TYPE })
      .setSubject(admin.adminId)
      .setIssuer(JWT_ISSUER)
      .setAudience(ADMIN_JWT_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(new Date(now.getTime() + HOUR))
      .sign(new TextEncoder().encode(t.jwtSecret));
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('signInAdmin (test helper)', () => {
  it('signs in a fresh admin, or the named one again', async () => {
    const a = await signInAdmin(t.app, { username: 'Helper' });
    const b = await signInAdmin(t.app, { username: 'helper' });
    expect(a.username).toBe('helper');
    expect(b.adminId).toBe(a.adminId);
    expect(b.token).not.toBe(a.token);
    expect((await me(a.token)).json()).toEqual({ id: a.adminId, username: 'helper' });
    expect((await login('helper', TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});
