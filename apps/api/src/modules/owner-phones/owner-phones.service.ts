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
import type { SmsGateway } from '../../gateways/sms/sms-gateway';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { normaliseTanzanianMobile } from '../../lib/phone';
import { RateLimitedError, secondsUntil, waitInWords } from '../../lib/rate-limited-error';
import { accountGone, type Actor } from '../access/access';
import { generateOtpCode, type OtpHasher } from '../auth/otp';
import type { OwnerPhonesRepository } from './owner-phones.repository';

/*
 * Verified owner phones (issue 20, decision 040). A listing's contact number is verified when it
 * is its publisher's sign-in number (proven by signing in) or a number they answered a code sent
 * to, with the sign-in code's rules: six digits, five minutes, five wrong tries, one a minute.
 * Only a number on one of their own listings can be sent a code, at most 3 an hour to one number
 * (whoever asks) and 5 an hour per person: nobody can use Makazi to text strangers.
 */

export const CODES_PER_NUMBER_PER_HOUR = 3;
export const CODES_PER_USER_PER_HOUR = 5;

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
}): OwnerPhonesService {
  const { repository, sms, hasher, clock } = deps;
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
        if (!(await tx.isContactOfTheirs(actor.userId, phone))) {
          throw invalidField('phoneNumber', 'is not the contact number of any of your listings');
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
        const hourAgo = new Date(now.getTime() - 3_600_000);
        const sends = await tx.sendsSince(actor.userId, phone, hourAgo);
        if (sends.toPhone >= CODES_PER_NUMBER_PER_HOUR || sends.byUser >= CODES_PER_USER_PER_HOUR) {
          throw new RateLimitedError(
            'Too many codes were sent in the last hour. Try again later.',
            3600,
          );
        }
        const code = generateOtpCode();
        await tx.insertChallenge({
          userId: actor.userId,
          phoneNumber: phone,
          codeHash: hasher.hash(subject(actor.userId, phone), code),
          expiresAt: after(now, OTP_TTL_SECONDS),
          createdAt: now,
        });
        return { code, locale: user.locale };
      });
      if (!sent) {
        return {
          phoneNumber: phone,
          verified: true,
          expiresInSeconds: null,
          resendInSeconds: null,
        };
      }
      try {
        await sms.send({ to: phone, text: CODE_TEXT[sent.locale](sent.code) });
      } catch (err) {
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
