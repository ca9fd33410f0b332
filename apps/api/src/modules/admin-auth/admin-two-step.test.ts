import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminLoginResponse } from '@makazi/contracts/admin';
import {
  TWO_STEP_SETUP_REQUIRED_MESSAGE,
  type TAdminMfaChallenge,
  type TAdminRecoveryCodes,
  type TAdminTwoStepSetup,
  type TAdminTwoStepStatus,
} from '@makazi/contracts/admin-two-step';
import type { TErrorResponse } from '@makazi/contracts/common';
import { adminRecoveryCodes, adminSessions, admins, auditLog } from '../../db/schema';
import { createFakeClock } from '../../test/fake-clock';
import { insertProperty } from '../../test/factories';
import { nextAddress } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAdminAccount, resetAdminPassword } from './admin-accounts';
import { createAdminAuthRepository } from './admin-auth.repository';
import { SIGN_IN_EXPIRED, TWO_STEP_REQUIRED_IN_PRODUCTION, WRONG_CODE } from './admin-auth.service';
import { createTotpCipher, currentTotpCode } from './admin-totp';

const clock = createFakeClock(new Date('2026-05-04T06:00:00.000Z'));
const PASSWORD = 'mlima kilimanjaro 5895';
const STEP_MS = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

let sequence = 0;
async function newAdmin(app: TestApp = t) {
  return createAdminAccount(createAdminAuthRepository(app.db), {
    username: `keeper${++sequence}`,
    password: PASSWORD,
    clock,
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

/** Calls made when they run, so `t` is the app of beforeAll. */
function client(of: () => TestApp = () => t) {
  const inject: Inject = (options) => of().app.inject(options);
  return {
    login: (username: string, password: string, address = nextAddress()) =>
      inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username, password },
        remoteAddress: address,
      }),
    second: (payload: Record<string, string>, address = nextAddress()) =>
      inject({
        method: 'POST',
        url: '/api/admin/login/second-factor',
        payload,
        remoteAddress: address,
      }),
    call: (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
      inject({
        method,
        url,
        headers: bearer(token),
        remoteAddress: nextAddress(),
        ...(payload ? { payload } : {}),
      }),
  };
}

const api = client();

async function passwordToken(username: string, app: TestApp = t): Promise<string> {
  const res = await client(() => app).login(username, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminLoginResponse>().access_token;
}

/** Enrols the admin as the profile page does: setup, then a code from the app. */
async function enrol(token: string, app: TestApp = t) {
  const { call } = client(() => app);
  const setup = await call('POST', '/api/admin/me/two-step/setup', token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<TAdminTwoStepSetup>();
  const confirmed = await call('POST', '/api/admin/me/two-step/confirm', token, {
    code: currentTotpCode(secret, clock()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // The code just used is spent: the tests sign in with the next step's.
  clock.advance(STEP_MS);
  return { secret, recoveryCodes: confirmed.json<TAdminRecoveryCodes>().recoveryCodes };
}

async function enrolledAdmin() {
  const account = await newAdmin();
  const token = await passwordToken(account.username);
  return { ...account, token, ...(await enrol(token)) };
}

async function challenge(username: string, address?: string): Promise<string> {
  const res = await api.login(username, PASSWORD, address);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminMfaChallenge>().mfaToken;
}

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

describe('enrolment from the profile', () => {
  it('starts with a QR code, the otpauth URI and the secret, stored encrypted only', async () => {
    const { adminId, username } = await newAdmin();
    const token = await passwordToken(username);
    const res = await api.call('POST', '/api/admin/me/two-step/setup', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const setup = res.json<TAdminTwoStepSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Makazi:${username}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: setup.secret,
      issuer: 'Makazi',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const row = await adminRow(adminId);
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpSecret).not.toContain(setup.secret);
    // AES-GCM under the key derived from this server's JWT secret, for this admin's row only.
    expect(createTotpCipher(t.jwtSecret).decrypt(row.totpSecret!, adminId)).toBe(setup.secret);
    expect(createTotpCipher(t.jwtSecret).decrypt(row.totpSecret!, username)).toBeUndefined();
    expect(
      createTotpCipher(randomBytes(48).toString('base64url')).decrypt(row.totpSecret!, adminId),
    ).toBeUndefined();
    // Not on until confirmed: the password alone still signs in.
    expect((await api.login(username, PASSWORD)).json()).toHaveProperty('access_token');
  });

  it('turns on with a current code, answering ten recovery codes stored as SHA-256 only, audited', async () => {
    const { adminId, username } = await newAdmin();
    const token = await passwordToken(username);
    const setup = (
      await api.call('POST', '/api/admin/me/two-step/setup', token)
    ).json<TAdminTwoStepSetup>();
    const wrong = await api.call('POST', '/api/admin/me/two-step/confirm', token, {
      code: currentTotpCode(setup.secret, new Date(clock().getTime() + 10 * STEP_MS)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('OTP_INVALID');
    expect((await adminRow(adminId)).totpEnabledAt).toBeNull();

    const code = currentTotpCode(setup.secret, clock());
    const res = await api.call('POST', '/api/admin/me/two-step/confirm', token, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json<TAdminRecoveryCodes>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const stored = await t.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, adminId));
    const sha = (c: string) => createHash('sha256').update(c.replace(/-/g, '')).digest('hex');
    expect(stored.map((r) => r.codeHash).sort()).toEqual(recoveryCodes.map(sha).sort());
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    expect((await adminRow(adminId)).totpEnabledAt).toEqual(clock());
    expect(await auditOf(adminId, 'admin.two-step-enable')).toHaveLength(1);

    const status = await api.call('GET', '/api/admin/me/two-step', token);
    expect(status.json<TAdminTwoStepStatus>()).toEqual({
      enabled: true,
      enabledAt: clock().toISOString(),
      recoveryCodesLeft: 10,
      required: false,
    });
    // A second setup would replace the secret in use.
    expect((await api.call('POST', '/api/admin/me/two-step/setup', token)).statusCode).toBe(409);
  });

  it('regenerates the recovery codes with a current code: the old ones stop working, audited', async () => {
    const admin = await enrolledAdmin();
    const noCode = await api.call('POST', '/api/admin/me/two-step/recovery-codes', admin.token, {
      code: '000000',
    });
    expect(noCode.statusCode).toBe(400);
    const res = await api.call('POST', '/api/admin/me/two-step/recovery-codes', admin.token, {
      code: currentTotpCode(admin.secret, clock()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<TAdminRecoveryCodes>().recoveryCodes;
    expect(fresh).not.toContain(admin.recoveryCodes[0]);
    expect(await auditOf(admin.adminId, 'admin.recovery-codes-regenerate')).toHaveLength(1);

    const old = await api.second({
      mfaToken: await challenge(admin.username),
      recoveryCode: admin.recoveryCodes[0]!,
    });
    expect(old.statusCode).toBe(401);
    const ok = await api.second({
      mfaToken: await challenge(admin.username),
      recoveryCode: fresh[0]!,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('turns off with a current code (outside production), audited: the password alone signs in again', async () => {
    const admin = await enrolledAdmin();
    const res = await api.call('POST', '/api/admin/me/two-step/disable', admin.token, {
      code: currentTotpCode(admin.secret, clock()),
    });
    expect(res.statusCode, res.body).toBe(204);
    const row = await adminRow(admin.adminId);
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(
      await t.db
        .select()
        .from(adminRecoveryCodes)
        .where(eq(adminRecoveryCodes.adminId, admin.adminId)),
    ).toEqual([]);
    expect(await auditOf(admin.adminId, 'admin.two-step-disable')).toHaveLength(1);
    expect((await api.login(admin.username, PASSWORD)).json()).toHaveProperty('access_token');
  });
});

describe('signing in with the second step', () => {
  it('answers the password with a challenge and no session, then the code with the usual tokens', async () => {
    const admin = await enrolledAdmin();
    const sessionsBefore = await t.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.adminId, admin.adminId));
    const first = await api.login(admin.username, PASSWORD);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<TAdminMfaChallenge>();
    expect(Object.keys(body).sort()).toEqual(['mfaRequired', 'mfaToken']);
    expect(body.mfaRequired).toBe(true);
    expect(
      await t.db.select().from(adminSessions).where(eq(adminSessions.adminId, admin.adminId)),
    ).toHaveLength(sessionsBefore.length);
    // The challenge is not an admin token.
    expect((await api.call('GET', '/api/admin/me', body.mfaToken)).statusCode).toBe(401);

    const second = await api.second({
      mfaToken: body.mfaToken,
      code: currentTotpCode(admin.secret, clock()),
    });
    expect(second.statusCode, second.body).toBe(200);
    const tokens = second.json<TAdminLoginResponse>();
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_in', 'username']);
    expect(tokens.username).toBe(admin.username);
    expect((await api.call('GET', '/api/admin/me', tokens.access_token)).statusCode).toBe(200);
    const logins = await auditOf(admin.adminId, 'admin.login');
    expect(logins.at(-1)?.after).toEqual({ secondFactor: 'totp' });
  });

  it('takes a code once: the same code again is refused, the next step’s works', async () => {
    const admin = await enrolledAdmin();
    const code = currentTotpCode(admin.secret, clock());
    expect((await api.second({ mfaToken: await challenge(admin.username), code })).statusCode).toBe(
      200,
    );
    const replay = await api.second({ mfaToken: await challenge(admin.username), code });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).message).toBe(WRONG_CODE);
    clock.advance(STEP_MS);
    const next = await api.second({
      mfaToken: await challenge(admin.username),
      code: currentTotpCode(admin.secret, clock()),
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('accepts the code of one step either side, not two', async () => {
    const admin = await enrolledAdmin();
    // Clear of the step used to enrol, so only the window decides.
    clock.advance(3 * STEP_MS);
    const at = (steps: number) =>
      currentTotpCode(admin.secret, new Date(clock().getTime() + steps * STEP_MS));
    const tooEarly = await api.second({ mfaToken: await challenge(admin.username), code: at(-2) });
    expect(tooEarly.statusCode).toBe(401);
    const tooLate = await api.second({ mfaToken: await challenge(admin.username), code: at(2) });
    expect(tooLate.statusCode).toBe(401);
    const behind = await api.second({ mfaToken: await challenge(admin.username), code: at(-1) });
    expect(behind.statusCode, behind.body).toBe(200);
    const ahead = await api.second({ mfaToken: await challenge(admin.username), code: at(1) });
    expect(ahead.statusCode, ahead.body).toBe(200);
  });

  it('takes each recovery code once, in any case and without dashes, audited', async () => {
    const admin = await enrolledAdmin();
    const typed = admin.recoveryCodes[3]!.replace(/-/g, '').toUpperCase();
    const res = await api.second({
      mfaToken: await challenge(admin.username),
      recoveryCode: typed,
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = await api.second({
      mfaToken: await challenge(admin.username),
      recoveryCode: admin.recoveryCodes[3]!,
    });
    expect(again.statusCode).toBe(401);
    const entries = await auditOf(admin.adminId, 'admin.recovery-code-use');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toEqual({ recoveryCodesLeft: 9 });
    expect(JSON.stringify(entries)).not.toContain(admin.recoveryCodes[3]);
  });

  it('refuses a challenge after 5 minutes, and one made before a password reset', async () => {
    const admin = await enrolledAdmin();
    const late = await challenge(admin.username);
    clock.advanceSeconds(5 * 60);
    const expired = await api.second({
      mfaToken: late,
      code: currentTotpCode(admin.secret, clock()),
    });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).message).toBe(SIGN_IN_EXPIRED);

    const stale = await challenge(admin.username);
    clock.advanceSeconds(1);
    await resetAdminPassword(createAdminAuthRepository(t.db), {
      username: admin.username,
      password: 'a brand new password',
      clock,
    });
    const refused = await api.second({
      mfaToken: stale,
      code: currentTotpCode(admin.secret, clock()),
    });
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).message).toBe(SIGN_IN_EXPIRED);
  });

  it('counts wrong codes towards the (username, address) lock; another address still gets in', async () => {
    const admin = await enrolledAdmin();
    const address = nextAddress();
    for (let i = 0; i < 5; i += 1) {
      const mfaToken = await challenge(admin.username, address);
      const res = await api.second({ mfaToken, code: '000000' }, address);
      expect(res.statusCode).toBe(401);
    }
    const wrongBody = (
      await api.second({ mfaToken: await challenge(admin.username), code: '000000' })
    ).body;
    // Locked: the right password is refused with the password step's one answer …
    const password = await api.login(admin.username, PASSWORD, address);
    expect(password.statusCode).toBe(401);
    expect(errorOf(password).message).toBe(
      errorOf(await api.login(admin.username, 'wrong')).message,
    );
    // … and a right code on a challenge from elsewhere, sent from here, like a wrong one.
    const mfaToken = await challenge(admin.username);
    const right = await api.second(
      { mfaToken, code: currentTotpCode(admin.secret, clock()) },
      address,
    );
    expect(right.statusCode).toBe(401);
    expect(right.body).toBe(wrongBody);
    const elsewhere = await api.second({ mfaToken, code: currentTotpCode(admin.secret, clock()) });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('limits one address to 20 second steps in 15 minutes, whatever the challenges, with Retry-After', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      const res = await api.second({ mfaToken: 'not.a.challenge', code: '000000' }, address);
      expect(res.statusCode).not.toBe(429);
    }
    const limited = await api.second({ mfaToken: 'not.a.challenge', code: '000000' }, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    const other = await api.second({ mfaToken: 'not.a.challenge', code: '000000' });
    expect(other.statusCode).not.toBe(429);
  });

  it('keeps the answer of an admin without two-step sign-in as it was', async () => {
    const { username } = await newAdmin();
    const res = await api.login(username, PASSWORD);
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'expires_in', 'username']);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      clock,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://makazi.example',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        ALLOW_DEMO_IN_PRODUCTION: 'true',
        ADMIN_USERNAME: 'chief-keeper',
        ADMIN_PASSWORD: 'a long production password',
      },
    });
  });
  afterAll(async () => {
    await prod.close();
  });

  it('keeps an admin without two-step sign-in to the profile, the enrolment and logout until it is on', async () => {
    const { username } = await newAdmin(prod);
    const token = await passwordToken(username, prod);
    const { call } = client(() => prod);
    expect((await call('GET', '/api/admin/me', token)).statusCode).toBe(200);
    const status = await call('GET', '/api/admin/me/two-step', token);
    expect(status.json<TAdminTwoStepStatus>()).toMatchObject({ enabled: false, required: true });

    const listing = await insertProperty(prod.db, { status: 'approved' });
    for (const [method, url] of [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/properties/${listing.id}/contact`],
    ] as const) {
      const res = await call(method, url, token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(errorOf(res)).toEqual({
        statusCode: 403,
        code: 'FORBIDDEN',
        message: TWO_STEP_SETUP_REQUIRED_MESSAGE,
      });
    }

    // Enrolling opens everything to the same session at once.
    const { secret } = await enrol(token, prod);
    expect((await call('GET', '/api/admin/dashboard', token)).statusCode).toBe(200);

    // It cannot be turned off there.
    const off = await call('POST', '/api/admin/me/two-step/disable', token, {
      code: currentTotpCode(secret, clock()),
    });
    expect(off.statusCode).toBe(403);
    expect(errorOf(off).message).toBe(TWO_STEP_REQUIRED_IN_PRODUCTION);

    const logout = await call('POST', '/api/admin/logout', token);
    expect(logout.statusCode).toBe(204);
  });

  it('lets a restricted admin log out', async () => {
    const { username } = await newAdmin(prod);
    const token = await passwordToken(username, prod);
    const { call } = client(() => prod);
    expect((await call('POST', '/api/admin/logout', token)).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/me', token)).statusCode).toBe(401);
  });
});
