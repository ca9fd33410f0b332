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
