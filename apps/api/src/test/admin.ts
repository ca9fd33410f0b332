import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TAdminLoginResponse } from '@makazi/contracts/admin';
import type { TAdminRecoveryCodes, TAdminTwoStepSetup } from '@makazi/contracts/admin-two-step';
import { databaseOf } from '../app';
import { createAdminAuthRepository } from '../modules/admin-auth/admin-auth.repository';
import { normaliseUsername } from '../modules/admin-auth/admin-auth.service';
import { hashAdminPassword } from '../modules/admin-auth/admin-passwords';
import { currentTotpCode } from '../modules/admin-auth/admin-totp';
import { nextAddress } from './sign-in';

/*
 * Signing in as an admin, for tests of /api/admin routes. The admin is written straight into the
 * database (admins are made by the CLI or at start-up, never through the API); the sign-in goes
 * through POST /api/admin/login as the web's would, from a client address of its own.
 */

/** Every admin this helper creates has this password. */
export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';

export interface SignedInAdmin {
  /** The bearer token: `{ authorization: `Bearer ${token}` }`. */
  token: string;
  adminId: string;
  username: string;
}

// One hash for the whole test file: argon2 is deliberately slow.
let passwordHash: Promise<string> | undefined;

/**
 * Creates an admin (a fresh username unless one is given; an existing admin of that name made by
 * this helper is reused) and signs it in. A new session each call.
 */
export async function signInAdmin(
  app: FastifyInstance,
  opts: { username?: string } = {},
): Promise<SignedInAdmin> {
  const username = normaliseUsername(opts.username ?? `admin-${randomBytes(4).toString('hex')}`);
  passwordHash ??= hashAdminPassword(TEST_ADMIN_PASSWORD);
  const repository = createAdminAuthRepository(databaseOf(app).db);
  await repository.insertAdmin({ username, passwordHash: await passwordHash, now: new Date(0) });
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password: TEST_ADMIN_PASSWORD },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) {
    throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  }
  const body = res.json<TAdminLoginResponse>();
  const account = await repository.findAdminByUsername(username);
  return { token: body.access_token, adminId: account!.id, username: body.username };
}

export interface TwoStepAdmin extends SignedInAdmin {
  /** The base32 secret an authenticator app would hold: currentTotpCode(secret, at) plays it. */
  secret: string;
  recoveryCodes: string[];
}

/**
 * A fresh admin with two-step sign-in on, set up through the profile routes as the web does (the
 * code of `at`'s step confirms it, so sign in with a later step's code), and its session's token.
 */
export async function signInTwoStepAdmin(
  app: FastifyInstance,
  at: Date = new Date(),
): Promise<TwoStepAdmin> {
  const admin = await signInAdmin(app);
  const call = (url: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${admin.token}` },
      remoteAddress: nextAddress(),
      ...(payload ? { payload } : {}),
    });
  const setup = await call('/api/admin/me/two-step/setup');
  if (setup.statusCode !== 200) throw new Error(`two-step setup failed: ${setup.body}`);
  const { secret } = setup.json<TAdminTwoStepSetup>();
  const confirmed = await call('/api/admin/me/two-step/confirm', {
    code: currentTotpCode(secret, at),
  });
  if (confirmed.statusCode !== 200) throw new Error(`two-step confirm failed: ${confirmed.body}`);
  return { ...admin, secret, recoveryCodes: confirmed.json<TAdminRecoveryCodes>().recoveryCodes };
}
