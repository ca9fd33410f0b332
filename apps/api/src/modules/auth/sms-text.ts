import type { TLocale } from '@makazi/contracts/common';
import { OTP_TTL_SECONDS } from '@makazi/contracts/auth-values';

const minutes = Math.round(OTP_TTL_SECONDS / 60);

const TEXT: Record<TLocale, (code: string) => string> = {
  en: (code) => `Makazi: your code is ${code}. It expires in ${minutes} minutes. Do not share it.`,
  sw: (code) =>
    `Makazi: msimbo wako ni ${code}. Unaisha baada ya dakika ${minutes}. Usimpe mtu yeyote.`,
};

/**
 * The sign-in SMS in the user's language. With a public URL, a last line "@host #code" lets a
 * browser on that phone offer the code to the page (WebOTP API); it must be the message's last line.
 */
export function otpSmsText(code: string, locale: TLocale, publicUrl: string | undefined): string {
  const text = TEXT[locale](code);
  if (!publicUrl) return text;
  return `${text}\n\n@${new URL(publicUrl).hostname} #${code}`;
}

/** East Africa Time has no daylight saving: always UTC+3. */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** "14:05 on 26/11/2026" as a Tanzanian reads the clock, in East Africa Time whatever the server's zone. */
function eastAfricaTime(instant: Date): { clock: string; date: string } {
  const local = new Date(instant.getTime() + EAT_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    clock: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`,
    date: `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`,
  };
}

const LOCKED_TEXT: Record<TLocale, (until: { clock: string; date: string }) => string> = {
  en: ({ clock, date }) =>
    `Makazi: signing in to your account is blocked until ${clock} EAT on ${date} because of too many wrong codes. If this was you, ignore this message.`,
  sw: ({ clock, date }) =>
    `Makazi: kuingia kwenye akaunti yako kumezuiwa hadi saa ${clock} EAT tarehe ${date} kwa sababu ya misimbo mingi isiyo sahihi. Kama ni wewe, puuza ujumbe huu.`,
};

/**
 * The one SMS the owner of a number gets when wrong codes lock its sign-in for the day: someone
 * else may be guessing, and the owner should know why their own sign-in is refused until then.
 * The minute is rounded up, so signing in at the time named always works.
 */
export function signInLockedSmsText(until: Date, locale: TLocale): string {
  const minute = 60_000;
  const roundedUp = new Date(Math.ceil(until.getTime() / minute) * minute);
  return LOCKED_TEXT[locale](eastAfricaTime(roundedUp));
}
