import type { TLocale } from '@makazi/contracts/common';
import { shortTitle } from '../../lib/sms-words';

/*
 * The alert texts (decision 042), in the recipient's language: the listing, its price, a short
 * link to it, and how to stop. Kept to one 160-character part where the title allows.
 */

export interface AlertListing {
  title: string;
  priceTzs: number;
  link: string;
}

export type AlertText =
  | { kind: 'instant'; listing: AlertListing; more: number; savedLink: string; stopLink: string }
  | { kind: 'digest'; listing: AlertListing; count: number; savedLink: string; stopLink: string };

const tzs = (amount: number) => `TZS ${amount.toLocaleString('en-US')}`;

export function alertSmsText(locale: TLocale, text: AlertText): string {
  const sw = locale === 'sw';
  const { listing } = text;
  const named = `"${shortTitle(listing.title)}" ${tzs(listing.priceTzs)} ${listing.link}`;
  const stop = sw ? `Acha: ${text.stopLink}` : `Stop: ${text.stopLink}`;
  if (text.kind === 'instant') {
    const more =
      text.more === 0
        ? ''
        : sw
          ? ` Na mengine ${text.more}: ${text.savedLink}`
          : ` And ${text.more} more: ${text.savedLink}`;
    return sw
      ? `Makazi: jipya kwa utafutaji wako: ${named}${more} ${stop}`
      : `Makazi: new for your search: ${named}${more} ${stop}`;
  }
  if (text.count === 1) {
    return sw
      ? `Makazi: leo kwa utafutaji wako: ${named} ${stop}`
      : `Makazi: today for your search: ${named} ${stop}`;
  }
  return sw
    ? `Makazi: matangazo ${text.count} mapya kwa utafutaji wako, mf. ${named} Yote: ${text.savedLink} ${stop}`
    : `Makazi: ${text.count} new listings for your searches, e.g. ${named} All: ${text.savedLink} ${stop}`;
}
