import { eq } from 'drizzle-orm';
import type { TSignupResponse, TVerifyOtpResponse } from '@makazi/contracts/auth';
import { users } from '../db/schema';
import { lastCodeFor } from './outbox';
import type { TestApp } from './test-app';

/*
 * Signing in through the API as a user would, for tests of routes that need a signed-in user.
 * Each caller gets its own phone number and client address, so the per-address limits of one
 * test never spill into another.
 */

let addressSequence = 0;
/** A client address no other caller in this test file has used. */
export function nextAddress(): string {
  addressSequence += 1;
  const n = addressSequence;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

let phoneSequence = 0;
/** A valid Tanzanian mobile number as typed (0713…) and as stored (+255713…). */
export function nextPhone(): { local: string; e164: string } {
  phoneSequence += 1;
  const subscriber = String(phoneSequence).padStart(6, '0');
  return { local: `0713${subscriber}`, e164: `+255713${subscriber}` };
}

export interface SignedIn {
  userId: string;
  phone: string;
  accessToken: string;
  refreshToken: string;
  /** `Authorization: Bearer …` for app.inject. */
  auth: { authorization: string };
}

export async function post(
  t: TestApp,
  url: string,
  payload: unknown,
  options: { address?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.address ?? nextAddress(),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/**
 * A new account, through the signup route, with its number proven as its first answered code
 * would prove it (marked in the database: no code is sent, so no send limit is touched). Tests of
 * sign-ups nobody proved yet post to /api/auth/signup themselves.
 */
export async function signUp(
  t: TestApp,
  names: { firstName?: string; lastName?: string } = {},
): Promise<{ userId: string; phone: { local: string; e164: string } }> {
  const phone = nextPhone();
  const res = await post(t, '/api/auth/signup', {
    firstName: names.firstName ?? 'Asha',
    lastName: names.lastName ?? 'Mrema',
    phoneNumber: phone.local,
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const userId = res.json<TSignupResponse>().sub;
  await t.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, userId));
  return { userId, phone };
}

/** Asks for a code for an existing user and answers it. */
export async function signInAs(t: TestApp, phoneE164: string): Promise<SignedIn> {
  const address = nextAddress();
  const login = await post(t, '/api/auth/login', { phoneNumber: phoneE164 }, { address });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const otp = await lastCodeFor(t.dataDir, phoneE164);
  const verify = await post(
    t,
    '/api/auth/verify-otp',
    { phoneNumber: phoneE164, otp },
    { address },
  );
  if (verify.statusCode !== 200) {
    throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  }
  const body = verify.json<TVerifyOtpResponse>();
  return {
    userId: body.sub,
    phone: phoneE164,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}

/** A new user, signed in. */
export async function signUpAndIn(
  t: TestApp,
  names: { firstName?: string; lastName?: string } = {},
): Promise<SignedIn> {
  const { phone } = await signUp(t, names);
  return signInAs(t, phone.e164);
}
