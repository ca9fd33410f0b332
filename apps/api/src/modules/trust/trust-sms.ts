import type { TLocale } from '@makazi/contracts/common';
import { shortTitle, withoutFinalStop } from '../../lib/sms-words';

/*
 * The texts trust sends (decision 040), in the recipient's language.
 */

const days = (n: number, locale: TLocale) =>
  locale === 'sw' ? `siku ${n}` : `${n} ${n === 1 ? 'day' : 'days'}`;

export type TrustText =
  | { kind: 'reminder'; title: string; daysLeft: number; link: string }
  | { kind: 'credited'; title: string; creditDays: number }
  | { kind: 'claimRefused'; title: string; reason: string }
  | { kind: 'takenDown'; title: string; message: string }
  | { kind: 'suspended'; message: string };

export function trustSmsText(locale: TLocale, text: TrustText): string {
  const sw = locale === 'sw';
  switch (text.kind) {
    case 'reminder': {
      const title = shortTitle(text.title);
      return sw
        ? `Makazi: je, "${title}" bado linapatikana? Thibitisha ndani ya ${days(text.daysLeft, locale)} au litafichwa: ${text.link}`
        : `Makazi: is "${title}" still available? Confirm within ${days(text.daysLeft, locale)} or it will be hidden: ${text.link}`;
    }
    case 'credited': {
      const title = shortTitle(text.title);
      return sw
        ? `Makazi: samahani, "${title}" halikupatikana. Tumeongeza ${days(text.creditDays, locale)} kwenye kifurushi chako.`
        : `Makazi: sorry that "${title}" was a dead end. We added ${days(text.creditDays, locale)} to your subscription.`;
    }
    case 'claimRefused': {
      const title = shortTitle(text.title);
      return sw
        ? `Makazi: dai lako kuhusu "${title}" halikukubaliwa: ${withoutFinalStop(text.reason)}.`
        : `Makazi: your claim about "${title}" was not upheld: ${withoutFinalStop(text.reason)}.`;
    }
    case 'takenDown': {
      const title = shortTitle(text.title);
      return sw
        ? `Makazi: tangazo lako "${title}" limeondolewa: ${withoutFinalStop(text.message)}. Wasiliana nasi kama ni kosa.`
        : `Makazi: your listing "${title}" was taken down: ${withoutFinalStop(text.message)}. Contact us if this is a mistake.`;
    }
    case 'suspended':
      return sw
        ? `Makazi: akaunti yako haiwezi tena kuchapisha na matangazo yako yamefichwa: ${withoutFinalStop(text.message)}. Wasiliana nasi.`
        : `Makazi: your account may no longer publish and your listings are hidden: ${withoutFinalStop(text.message)}. Contact us.`;
  }
}
