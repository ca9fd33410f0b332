import {
  OTP_MAX_FAILED_ATTEMPTS,
  OTP_RESEND_AFTER_SECONDS,
  OTP_TTL_SECONDS,
} from '@makazi/contracts/auth-values';
import type { TLocale } from '@makazi/contracts/common';
import type {
  TOwnerPhoneCodeBody,
  TOwnerPhoneCodeResponse,
  TOwnerPhonesResponse,
  TOwnerPhoneVerifyBody,
} from '@makazi/contracts/trust';
import type { LimitsConfig } from '../../config';
import { SMS_BUDGET_SHARES, smsBudgetWindowEnd, smsBudgetWindows } from '../../db/sms-budget';
import type { SmsGateway } from '../../gateways/sms/sms-gateway';
import type { Clock } from '../../lib/clock';
import { eatDayStart, nextEatDayStart } from '../../lib/east-africa-day';
import { AppError, invalidField, ServiceUnavailableError } from '../../lib/errors';
import { normaliseTanzanianMobile } from '../../lib/phone';
import { RateLimitedError, secondsUntil, waitInWords } from '../../lib/rate-limited-error';
import { accountGone, type Actor } from '../access/access';
import { generateOtpCode, type OtpHasher } from '../auth/otp';
import type { OwnerPhonesRepository } from './owner-phones.repository';

/*
 * Verified owner phones (issue 20, decision 040). A listing's contact number is verified when it
 * is its publisher's sign-in number (proven by signing in) or a number they answered a code sent
 * to, with the sign-in code's rules: six digits, five minutes, five wrong tries, one a minute.
 * Only a number on one of their own listings submitted for review or live can be sent a code (a
 * draft costs nothing to make), at most 3 an hour to one number (whoever asks), 5 an hour and 10 an
 * East Africa day per person, each counted in the global SMS budget: nobody can use Makazi to text
 * strangers, nor spend the codes people need to sign in.
 */

export const CODES_PER_NUMBER_PER_HOUR = 3;
export const CODES_PER_USER_PER_HOUR = 5;
export const CODES_PER_USER_PER_DAY = 10;

export interface OwnerPhonesService {
  requestCode(actor: Actor, body: TOwnerPhoneCodeBody): Promise<TOwnerPhoneCodeResponse>;
  verify(actor: Actor, body: TOwnerPhoneVerifyBody): Promise<TOwnerPhonesResponse>;
  list(actor: Actor): Promise<TOwnerPhonesResponse>;
}

const CODE_TEXT: Record<TLocale, (code: string) => string> = {
  en: (code) =>
    `Makazi: ${code} is the code to verify this number for listings on Makazi. If you did not expect it, ignore it.`,
  sw: (code) =>
    `Makazi: ${code} ni namba ya kuthibitisha simu hii kwa matangazo ya Makazi. Kama hukuitarajia, ipuuze.`,
};

const after = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

export function createOwnerPhonesService(deps: {
  repository: OwnerPhonesRepository;
  sms: SmsGateway;
  hasher: OtpHasher;
  clock: Clock;
  /** The global SMS budget (SMS_BUDGET_PER_HOUR/DAY) these codes count in. */
  limits: Pick<LimitsConfig, 'smsPerHour' | 'smsPerDay'>;
}): OwnerPhonesService {
  const { repository, sms, hasher, clock, limits } = deps;
  // A code is bound to the person and the number it was sent to.
  const subject = (userId: string, phone: string) => `${userId}:${phone}`;

  function e164(typed: string): string {
    const phone = normaliseTanzanianMobile(typed);
    if (!phone) throw invalidField('phoneNumber', 'is not a Tanzanian mobile number');
    return phone;
  }

  async function list(actor: Actor): Promise<TOwnerPhonesResponse> {
    const user = await repository.lockUser(actor.userId);
    if (!user) throw accountGone();
    const verified = await repository.verified(actor.userId);
    return [
      { phoneNumber: user.phoneNumber, verifiedAt: null, signIn: true },
      ...verified
        .filter((row) => row.phoneNumber !== user.phoneNumber)
        .map((row) => ({
          phoneNumber: row.phoneNumber,
          verifiedAt: row.verifiedAt.toISOString(),
          signIn: false,
        })),
    ];
  }

  return {
    async requestCode(actor, body) {
      const phone = e164(body.phoneNumber);
      const sent = await repository.transaction(async (tx) => {
        const user = await tx.lockUser(actor.userId);
        if (!user) throw accountGone();
        if (user.phoneNumber === phone || (await tx.isVerified(actor.userId, phone))) {
          return undefined;
        }
        const contact = await tx.contactOf(actor.userId, phone);
        if (!contact) {
          throw invalidField('phoneNumber', 'is not the contact number of any of your listings');
        }
        if (contact === 'unsubmitted') {
          throw invalidField(
            'phoneNumber',
            'is only on listings not yet submitted for review: submit the listing, then verify its number',
          );
        }
        const now = clock();
        const newest = await tx.newestChallenge(actor.userId, phone);
        if (newest && after(newest.createdAt, OTP_RESEND_AFTER_SECONDS) > now) {
          const seconds = secondsUntil(after(newest.createdAt, OTP_RESEND_AFTER_SECONDS), now);
          throw new RateLimitedError(
            `A code was just sent. You can ask for another in ${waitInWords(seconds)}.`,
            seconds,
          );
        }
        const hourStart = new Date(now.getTime() - 3_600_000);
        const dayStart = eatDayStart(now);
        const sends = await tx.sendsSince(actor.userId, phone, { hourStart, dayStart });
        if (sends.byUserToday >= CODES_PER_USER_PER_DAY) {
          const seconds = secondsUntil(nextEatDayStart(now), now);
          throw new RateLimitedError(
            `You have asked for ${CODES_PER_USER_PER_DAY} codes today, the most allowed in a day. You can ask again in ${waitInWords(seconds)}.`,
            seconds,
          );
        }
        if (sends.toPhone >= CODES_PER_NUMBER_PER_HOUR || sends.byUser >= CODES_PER_USER_PER_HOUR) {
          throw new RateLimitedError(
            'Too many codes were sent in the last hour. Try again later.',
            3600,
          );
        }
        const code = generateOtpCode();
        const challengeId = await tx.insertChallenge({
          userId: actor.userId,
          phoneNumber: phone,
          codeHash: hasher.hash(subject(actor.userId, phone), code),
          expiresAt: after(now, OTP_TTL_SECONDS),
          createdAt: now,
        });
        return { code, locale: user.locale, challengeId, now };
      });
      if (!sent) {
        return {
          phoneNumber: phone,
          verified: true,
          expiresInSeconds: null,
          resendInSeconds: null,
        };
      }
      // After every other limit, in a statement of its own: the budget's rows are every sender's.
      const budget = smsBudgetWindows(sent.now, limits, SMS_BUDGET_SHARES.ownerPhoneCode);
      const full = await repository.takeSmsBudget(budget);
      if (full) {
        await repository.deleteChallenge(sent.challengeId);
        const seconds = secondsUntil(smsBudgetWindowEnd(full), sent.now);
        throw new ServiceUnavailableError(
          `Codes cannot be sent right now. Try again in ${waitInWords(seconds)}.`,
          seconds,
        );
      }
      try {
        await sms.send({ to: phone, text: CODE_TEXT[sent.locale](sent.code) });
      } catch (err) {
        // A code nobody received neither counts against the limits nor spends the budget.
        await repository.deleteChallenge(sent.challengeId);
        await repository.returnSmsBudget(budget);
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The code could not be sent. Try again in a minute.',
          undefined,
          err,
        );
      }
      return {
        phoneNumber: phone,
        verified: false,
        expiresInSeconds: OTP_TTL_SECONDS,
        resendInSeconds: OTP_RESEND_AFTER_SECONDS,
      };
    },

    async verify(actor, body) {
      const phone = e164(body.phoneNumber);
      // A wrong answer is counted in its own commit: the error thrown after it rolls nothing back.
      const outcome = await repository.transaction(async (tx) => {
        const challenge = await tx.newestChallenge(actor.userId, phone);
        const now = clock();
        if (!challenge) return 'none' as const;
        if (challenge.attempts >= OTP_MAX_FAILED_ATTEMPTS) return 'locked' as const;
        if (challenge.expiresAt <= now) return 'expired' as const;
        if (!hasher.matches(subject(actor.userId, phone), body.code, challenge.codeHash)) {
          await tx.countWrongAnswer(challenge.id);
          return 'wrong' as const;
        }
        await tx.markVerified(challenge.id, actor.userId, phone, now);
        return 'verified' as const;
      });
      switch (outcome) {
        case 'none':
        case 'expired':
          throw new AppError('OTP_EXPIRED', 'This code has expired. Ask for a new one.');
        case 'locked':
          throw new AppError('RATE_LIMITED', 'Too many wrong codes. Ask for a new code.');
        case 'wrong':
          throw new AppError('OTP_INVALID', 'The code is wrong. Check the SMS and try again.');
        case 'verified':
          return list(actor);
      }
    },

    list,
  };
}
