import {
  OTP_MAX_FAILED_ATTEMPTS,
  OTP_RESEND_AFTER_SECONDS,
  OTP_TTL_SECONDS,
  SIGN_IN_LOCKED_MESSAGE_START,
} from '@makazi/contracts/auth-values';
import type {
  TLoginBody,
  TLoginResponse,
  TMessageResponse,
  TRefreshTokenResponse,
  TSignupBody,
  TSignupResponse,
  TVerifyOtpBody,
  TVerifyOtpResponse,
} from '@makazi/contracts/auth';
import type { TLocale } from '@makazi/contracts/common';
import type { Clock } from '../../lib/clock';
import type { LimitsConfig } from '../../config';
import { AppError, ServiceUnavailableError, invalidField, notFound } from '../../lib/errors';
import { maskPhone, normaliseTanzanianMobile } from '../../lib/phone';
import { RateLimitedError, secondsUntil, waitInWords } from '../../lib/rate-limited-error';
import { SmsDeliveryError, type SmsGateway } from '../../gateways/sms/sms-gateway';
import type { Actor } from '../access/access';
import type { AuthRepository, AuthUser, ChallengeRow } from './auth.repository';
import {
  SMS_BUDGET_SHARES,
  smsBudgetWindowEnd,
  smsBudgetWindows,
  type SmsBudgetWindow,
} from '../../db/sms-budget';
import { createDecoys } from './decoy';
import { createOtpHasher, generateOtpCode } from './otp';
import { otpSmsText, signInLockedSmsText } from './sms-text';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  createAccessTokens,
  hashRefreshToken,
  newRefreshToken,
} from './tokens';

/** Codes sent to one phone in any rolling hour. */
export const OTP_SENDS_PER_PHONE_PER_HOUR = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long wrong answers count against a user: a new code inherits the failures of the previous
 * unspent one sent within this window, so asking again never buys more guesses; once the limit
 * is reached, no code is sent or accepted until this long after the locked code was sent.
 */
export const OTP_LOCKOUT_SECONDS = 30 * 60;
const HOUR_MS = 60 * 60 * 1000;
/** Long enough to tell devices apart in a session list, short enough to never bloat a row. */
const USER_AGENT_MAX_LENGTH = 200;

const PHONE_FORMAT_MESSAGE = 'must be a Tanzanian mobile number such as 0712345678';

/**
 * Counts one lookup of a number without an account (login) or held by a verified one (signup)
 * for the client address, in the counter store every process shares; true while the address is
 * within UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR, so the answer may say what it found.
 */
export type UnknownNumberBudget = () => Promise<boolean>;

export interface SignupContext {
  /** From Accept-Language: the account's SMS language. */
  locale: TLocale;
  unknownNumberBudget: UnknownNumberBudget;
}

export interface LoginContext {
  /** The client address the per-address send limit counts (plugins/rate-limit clientAddress). */
  requestIp: string;
  /** From Accept-Language when the request has one: becomes the user's SMS language. */
  locale: TLocale | undefined;
  unknownNumberBudget: UnknownNumberBudget;
}

export interface VerifyContext {
  userAgent: string | undefined;
}

export interface AuthService {
  signup(body: TSignupBody, context: SignupContext): Promise<TSignupResponse>;
  login(body: TLoginBody, context: LoginContext): Promise<TLoginResponse>;
  verifyOtp(body: TVerifyOtpBody, context: VerifyContext): Promise<TVerifyOtpResponse>;
  refresh(refreshToken: string): Promise<TRefreshTokenResponse>;
  logout(refreshToken: string): Promise<TMessageResponse>;
  /** The signed-in user behind an access token, or null when it is invalid, expired or revoked. */
  authenticate(accessToken: string): Promise<Actor | null>;
}

export interface AuthServiceDeps {
  repository: AuthRepository;
  /**
   * Codes per address (a coarse flood guard), the SMS budget (SMS_BUDGET_PER_HOUR/DAY) and the
   * wrong codes one number may take in 24 hours (WRONG_CODES_PER_DAY).
   */
  limits: Pick<
    LimitsConfig,
    'codesPerAddressPerHour' | 'smsPerHour' | 'smsPerDay' | 'wrongCodesPerDay'
  >;
  /** A sign-in ends this long after its code was answered, however often refreshed. */
  sessionMaxAgeMs: number;
  sms: SmsGateway;
  /** Signs access tokens; the OTP pepper is derived from it. */
  jwtSecret: string;
  clock: Clock;
  /** When set, the SMS carries a WebOTP line for this origin. */
  publicUrl: string | undefined;
  /**
   * Security events worth an operator's attention (refresh token reuse, SMS budget spent, a
   * number locked for the day).
   */
  log?: { warn(details: Record<string, unknown>, message: string): void };
}

const after = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** The clock hour and the East Africa day `now` falls in, with their limits for this sender. */
function signInBudgetWindows(
  now: Date,
  limits: AuthServiceDeps['limits'],
  returning: boolean,
): SmsBudgetWindow[] {
  return smsBudgetWindows(
    now,
    limits,
    returning ? SMS_BUDGET_SHARES.returningSignIn : SMS_BUDGET_SHARES.newcomerSignIn,
  );
}

/** Thrown inside the budget's transaction (rolling it back) when a window is full. */
class SmsBudgetSpent extends Error {
  constructor(readonly window: SmsBudgetWindow) {
    super('SMS budget spent');
  }
}

function expiredCode(): AppError {
  return new AppError('OTP_EXPIRED', 'This code has expired. Ask for a new one.');
}

const NO_ACCOUNT = 'No account uses this phone number. Register first.';
const REGISTERED = 'User registered successfully.';

/** A day lock holding at `now`: no code is sent or accepted before `until`. */
function lockedForTheDay(until: Date | null, now: Date): until is Date {
  return until !== null && until > now;
}

function dayLocked(until: Date, now: Date): RateLimitedError {
  const seconds = secondsUntil(until, now);
  return new RateLimitedError(
    `${SIGN_IN_LOCKED_MESSAGE_START} Try again in ${waitInWords(seconds)}.`,
    seconds,
  );
}

/** Thrown inside the sign-in's transaction (rolling back the spent code) when a day lock won. */
class LockedMeanwhile extends Error {
  constructor() {
    super('sign-in locked meanwhile');
  }
}

/** What login answers once a code is on its way; also for a number it may not name. */
function codeSent(phoneNumber: string): TLoginResponse {
  const sentTo = maskPhone(phoneNumber);
  return {
    message: `A code was sent to ${sentTo}.`,
    sentTo,
    expiresInSeconds: OTP_TTL_SECONDS,
    resendInSeconds: OTP_RESEND_AFTER_SECONDS,
  };
}

function sessionEnded(): AppError {
  return new AppError('UNAUTHORIZED', 'Your session has ended. Sign in again.');
}

function lockedOut(lockedChallenge: ChallengeRow, now: Date): RateLimitedError {
  const seconds = secondsUntil(after(lockedChallenge.createdAt, OTP_LOCKOUT_SECONDS), now);
  return new RateLimitedError(
    `Too many wrong codes. Try again in ${waitInWords(seconds)}.`,
    seconds,
  );
}

/**
 * Why a user's newest challenge cannot be answered now, or undefined when it can: never sent or
 * already used → expired; too many wrong answers → locked (while the lockout lasts); past its
 * expiry → expired.
 */
function unusable(challenge: ChallengeRow | undefined, now: Date): AppError | undefined {
  if (!challenge || challenge.consumedAt) return expiredCode();
  if (challenge.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) {
    const lockEnds = after(challenge.createdAt, OTP_LOCKOUT_SECONDS);
    return lockEnds > now ? lockedOut(challenge, now) : expiredCode();
  }
  if (challenge.expiresAt <= now) return expiredCode();
  return undefined;
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { repository, sms, clock, publicUrl, limits, sessionMaxAgeMs, log } = deps;
  const otp = createOtpHasher(deps.jwtSecret);
  const decoys = createDecoys(deps.jwtSecret);
  const accessTokens = createAccessTokens(deps.jwtSecret, clock);

  function parsePhone(input: string): string {
    const phone = normaliseTanzanianMobile(input);
    if (!phone) throw invalidField('phoneNumber', PHONE_FORMAT_MESSAGE);
    return phone;
  }

  /** Sessions that started at or before this have reached their absolute age at `now`. */
  const sessionsStartedAfter = (now: Date) => new Date(now.getTime() - sessionMaxAgeMs);

  /** A refresh token lives its own time, but never past its session's end. */
  function refreshExpiry(now: Date, sessionCreatedAt: Date): Date {
    const sessionEnd = sessionCreatedAt.getTime() + sessionMaxAgeMs;
    return new Date(Math.min(after(now, REFRESH_TOKEN_TTL_SECONDS).getTime(), sessionEnd));
  }

  /**
   * The 429 of an address that asked for too many codes this hour, else undefined. Read, never
   * counted, so login can say it for a number without an account as it would for any other.
   */
  async function busyAddress(
    reader: Pick<AuthRepository, 'nthRecentSendFromAddress'>,
    requestIp: string,
    now: Date,
  ): Promise<RateLimitedError | undefined> {
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const oldestFromAddress = await reader.nthRecentSendFromAddress(
      requestIp,
      hourAgo,
      limits.codesPerAddressPerHour,
    );
    if (!oldestFromAddress) return undefined;
    const seconds = secondsUntil(new Date(oldestFromAddress.getTime() + HOUR_MS), now);
    return new RateLimitedError(
      `Too many codes were asked for from this network. Try again in ${waitInWords(seconds)}.`,
      seconds,
    );
  }

  /**
   * Tells the owner, once, that wrong codes locked their sign-in: someone may be guessing. A
   * text that fails is logged; the lock stands either way.
   */
  async function warnOwner(user: AuthUser, lockedUntil: Date): Promise<void> {
    log?.warn(
      { userId: user.id, lockedUntil: lockedUntil.toISOString() },
      `sign-in locked for the day after ${limits.wrongCodesPerDay} wrong codes (WRONG_CODES_PER_DAY)`,
    );
    try {
      await sms.send({ to: user.phoneNumber, text: signInLockedSmsText(lockedUntil, user.locale) });
    } catch (err) {
      log?.warn({ userId: user.id, err }, 'the SMS about a locked sign-in could not be sent');
    }
  }

  /** Checks every send limit and records the new challenge, one user at a time. */
  async function openChallenge(
    user: AuthUser,
    codeHash: string,
    requestIp: string,
    now: Date,
  ): Promise<{ id: string }> {
    return repository.transaction(async (tx) => {
      const { signInLockedUntil } = await tx.lockUserForSend(user.id);
      if (lockedForTheDay(signInLockedUntil, now)) throw dayLocked(signInLockedUntil, now);
      const newest = await tx.newestChallenge(user.id);
      const carriesFailures =
        newest !== undefined &&
        newest.consumedAt === null &&
        after(newest.createdAt, OTP_LOCKOUT_SECONDS) > now;
      const failedAttempts = carriesFailures ? newest.failedAttempts : 0;
      if (carriesFailures && failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) {
        throw lockedOut(newest, now);
      }
      if (newest && after(newest.createdAt, OTP_RESEND_AFTER_SECONDS) > now) {
        const seconds = secondsUntil(after(newest.createdAt, OTP_RESEND_AFTER_SECONDS), now);
        throw new RateLimitedError(
          `A code was just sent. You can ask for another in ${waitInWords(seconds)}.`,
          seconds,
        );
      }
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const toPhone = await tx.recentSendsToUser(user.id, hourAgo, OTP_SENDS_PER_PHONE_PER_HOUR);
      const oldestToPhone = toPhone[OTP_SENDS_PER_PHONE_PER_HOUR - 1];
      if (oldestToPhone) {
        const seconds = secondsUntil(new Date(oldestToPhone.getTime() + HOUR_MS), now);
        throw new RateLimitedError(
          `Too many codes were sent to this phone. Try again in ${waitInWords(seconds)}.`,
          seconds,
        );
      }
      // Also counted here (not only by the route's limit) so it holds without a shared Redis.
      const fromAddress = await busyAddress(tx, requestIp, now);
      if (fromAddress) throw fromAddress;
      return tx.insertChallenge({
        userId: user.id,
        codeHash,
        failedAttempts,
        createdAt: now,
        expiresAt: after(now, OTP_TTL_SECONDS),
        requestIp,
      });
    });
  }

  /**
   * Counts the SMS against the hour's and the day's budget, in a transaction of its own: every
   * sign-in in the country passes through these two rows, so their locks are held for two
   * statements, never across the rest of a sign-in. Undefined when counted; else the full window.
   */
  async function takeSmsBudget(budget: SmsBudgetWindow[]): Promise<SmsBudgetWindow | undefined> {
    try {
      await repository.transaction(async (tx) => {
        const full = await tx.takeSmsBudget(budget);
        // Thrown to roll back what was counted in the other window.
        if (full) throw new SmsBudgetSpent(full);
      });
      return undefined;
    } catch (err) {
      if (err instanceof SmsBudgetSpent) return err.window;
      throw err;
    }
  }

  /** The 503 for a spent budget; the first refusal of a window, in any process, warns the log. */
  async function budgetSpent(window: SmsBudgetWindow, now: Date): Promise<AppError> {
    if (await repository.markSmsBudgetExhausted(window, now)) {
      log?.warn(
        { span: window.span, windowStart: window.start.toISOString(), limit: window.limit },
        `SMS budget for this ${window.span} spent: sign-in codes are refused until it ends (SMS_BUDGET_PER_${window.span.toUpperCase()})`,
      );
    }
    const seconds = secondsUntil(smsBudgetWindowEnd(window), now);
    return new ServiceUnavailableError(
      `Sign-in codes cannot be sent right now. Try again in ${waitInWords(seconds)}.`,
      seconds,
    );
  }

  return {
    async signup(body, { locale, unknownNumberBudget }) {
      const phoneNumber = parsePhone(body.phoneNumber);
      // No account exists until a code proves the number: a row nobody proved yet is started
      // over by whoever signs up with the number next (its wrong codes and sends stay counted).
      const saved = await repository.saveSignup(
        { firstName: body.firstName, lastName: body.lastName, phoneNumber, locale },
        clock(),
      );
      if (saved) return { message: REGISTERED, sub: saved.id };
      // A verified account holds the number. Saying so names a customer: only within the
      // address's budget of such lookups; past it, the answer of a new sign-up, writing nothing.
      if (await unknownNumberBudget()) {
        throw new AppError('CONFLICT', 'This phone number is already registered. Sign in instead.');
      }
      return { message: REGISTERED, sub: decoys.signupSub(phoneNumber) };
    },

    async login(body, { requestIp, locale, unknownNumberBudget }) {
      const phoneNumber = parsePhone(body.phoneNumber);
      const user = await repository.findUserByPhone(phoneNumber);
      const now = clock();
      if (!user) {
        if (await unknownNumberBudget()) throw notFound(NO_ACCOUNT);
        // Past the address's budget: the answer a registered number gets, with no SMS and
        // nothing stored, so the form cannot be used to list who has an account.
        const fromAddress = await busyAddress(repository, requestIp, now);
        if (fromAddress) throw fromAddress;
        return codeSent(phoneNumber);
      }
      if (lockedForTheDay(user.signInLockedUntil, now))
        throw dayLocked(user.signInLockedUntil, now);
      if (locale && locale !== user.locale) await repository.setUserLocale(user.id, locale);
      const code = generateOtpCode();
      const challenge = await openChallenge(user, otp.hash(user.id, code), requestIp, now);
      // After every other limit: a code refused for another reason costs the budget nothing.
      const budget = signInBudgetWindows(now, limits, await repository.hasSignedInBefore(user.id));
      const full = await takeSmsBudget(budget);
      if (full) {
        await repository.deleteChallenge(challenge.id);
        throw await budgetSpent(full, now);
      }
      // The challenge is committed before the network call: no transaction waits on a provider.
      try {
        await sms.send({
          to: user.phoneNumber,
          text: otpSmsText(code, locale ?? user.locale, publicUrl),
        });
      } catch (err) {
        // A code nobody received must neither be answerable nor count against the limits.
        await repository.deleteChallenge(challenge.id);
        await repository.returnSmsBudget(budget);
        if (err instanceof SmsDeliveryError) {
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'The SMS could not be sent. Try again in a moment.',
            undefined,
            err,
          );
        }
        throw err;
      }
      return codeSent(user.phoneNumber);
    },

    async verifyOtp(body, { userAgent }) {
      const user = await repository.findUserByPhone(parsePhone(body.phoneNumber));
      // A number without an account answers as one without a live code: verify is no oracle.
      if (!user) throw expiredCode();
      const now = clock();
      if (lockedForTheDay(user.signInLockedUntil, now))
        throw dayLocked(user.signInLockedUntil, now);
      const challenge = await repository.newestChallenge(user.id);
      const problem = unusable(challenge, now);
      if (problem || !challenge) throw problem ?? expiredCode();

      if (!otp.matches(user.id, body.otp, challenge.codeHash)) {
        // Counted against the code and against the number's day, together or not at all.
        const counted = await repository.transaction(async (tx) => {
          const failures = await tx.recordFailedAttempt(challenge.id, OTP_MAX_FAILED_ATTEMPTS);
          if (failures === undefined) return undefined;
          const today = await tx.recordWrongCode(user.id, now, DAY_MS, limits.wrongCodesPerDay);
          return { failures, today };
        });
        if (counted === undefined) {
          // Spent or locked by a concurrent answer: say which.
          throw unusable(await repository.newestChallenge(user.id), now) ?? expiredCode();
        }
        const { failures, today } = counted;
        if (lockedForTheDay(today.lockedUntil, now)) {
          // Exactly one wrong code makes the count reach the limit: its request tells the owner.
          if (today.count === limits.wrongCodesPerDay) await warnOwner(user, today.lockedUntil);
          throw dayLocked(today.lockedUntil, now);
        }
        if (failures >= OTP_MAX_FAILED_ATTEMPTS) throw lockedOut(challenge, now);
        const left = OTP_MAX_FAILED_ATTEMPTS - failures;
        throw new AppError(
          'OTP_INVALID',
          `The code is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
        );
      }

      const refresh = newRefreshToken();
      let session: { sessionId: string } | undefined;
      try {
        session = await repository.transaction(async (tx) => {
          const consumed = await tx.consumeChallenge(
            { id: challenge.id, userId: user.id },
            now,
            OTP_MAX_FAILED_ATTEMPTS,
          );
          if (!consumed) return undefined;
          // Proves the number (the first time) and clears the day's wrong codes, unless a wrong
          // code locked the number since it was read: then the code is given back unspent.
          if (!(await tx.markSignedIn(user.id, now))) throw new LockedMeanwhile();
          return tx.createSession({
            userId: user.id,
            userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
            createdAt: now,
            refreshTokenHash: refresh.hash,
            refreshExpiresAt: refreshExpiry(now, now),
          });
        });
      } catch (err) {
        if (!(err instanceof LockedMeanwhile)) throw err;
        const locked = await repository.findUserByPhone(user.phoneNumber);
        const until = locked?.signInLockedUntil ?? null;
        throw lockedForTheDay(until, now) ? dayLocked(until, now) : expiredCode();
      }
      // Another request answered this code first (or it was replaced or locked meanwhile).
      if (!session) throw expiredCode();

      return {
        access_token: await accessTokens.sign({ userId: user.id, sessionId: session.sessionId }),
        refresh_token: refresh.token,
        username: `${user.firstName} ${user.lastName}`,
        sub: user.id,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      };
    },

    async refresh(refreshToken) {
      const tokenHash = hashRefreshToken(refreshToken);
      const now = clock();
      const next = newRefreshToken();
      const rotated = await repository.transaction(async (tx) => {
        // A session past its absolute age is not live, however recently its token was rotated.
        const live = await tx.rotateRefreshToken(tokenHash, now, sessionsStartedAfter(now));
        if (live) {
          await tx.insertRefreshToken(
            live.sessionId,
            next.hash,
            now,
            refreshExpiry(now, live.sessionCreatedAt),
          );
        }
        return live;
      });
      if (!rotated) {
        const known = await repository.findRefreshToken(tokenHash);
        if (known?.rotatedAt) {
          // A spent token came back: one of its two holders is not the user. End the session for both.
          await repository.revokeSession(known.sessionId, 'refresh_token_reuse', now);
          log?.warn(
            { sessionId: known.sessionId },
            'refresh token presented again after rotation: session revoked',
          );
        }
        throw sessionEnded();
      }
      return {
        token: await accessTokens.sign({ userId: rotated.userId, sessionId: rotated.sessionId }),
        refreshToken: next.token,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      };
    },

    async logout(refreshToken) {
      const known = await repository.findRefreshToken(hashRefreshToken(refreshToken));
      if (known) await repository.revokeSession(known.sessionId, 'logout', clock());
      // The same answer either way: logging out twice is fine and reveals nothing.
      return { message: 'User logged out successfully.' };
    },

    async authenticate(accessToken) {
      const claims = await accessTokens.verify(accessToken);
      if (!claims) return null;
      const active = await repository.isSessionActive(
        claims.sessionId,
        claims.userId,
        sessionsStartedAfter(clock()),
      );
      return active ? { userId: claims.userId, sessionId: claims.sessionId } : null;
    },
  };
}
