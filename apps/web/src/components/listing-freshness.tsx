import { useTranslation } from '../lib/use-translation';
import { daysSinceConfirmed } from '@makazi/contracts/trust-values';
import { usePageClock } from '../lib/page-clock';
import { CheckCircleIcon } from './icons';
import './listing-freshness.css';

/**
 * 'Confirmed today', 'Confirmed yesterday', 'Confirmed N days ago' for a listing's confirmedAt at
 * `now` (ms), or null when the date cannot be read (an answer cached from before listings had it).
 */
export function useConfirmedText(): (confirmedAt: unknown, now: number) => string | null {
  const { t } = useTranslation();
  return (confirmedAt, now) => {
    if (typeof confirmedAt !== 'string') return null;
    const days = daysSinceConfirmed(confirmedAt, new Date(now));
    if (!Number.isFinite(days)) return null;
    if (days === 0) return t('freshness.today');
    if (days === 1) return t('freshness.yesterday');
    return t('freshness.daysAgo', { count: days });
  };
}

export interface ConfirmedAgoProps {
  confirmedAt: string;
  /** The list's clock (ms), so every card judges the same moment; else the page's clock. */
  now?: number;
  className?: string;
}

/** When the owner last said the listing is still available, in days. */
export function ConfirmedAgo({ confirmedAt, now, className }: ConfirmedAgoProps) {
  const pageClock = usePageClock();
  const text = useConfirmedText()(confirmedAt, now ?? pageClock);
  if (text === null) return null;
  return (
    <span className={className} data-testid="confirmed-ago">
      {text}
    </span>
  );
}

/** The contact number is one its publisher proved is theirs; nothing when it is not. */
export function VerifiedPhoneBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  if (!verified) return null;
  return (
    <span className="verified-phone" data-testid="verified-phone">
      <CheckCircleIcon />
      {t('freshness.verifiedPhone')}
    </span>
  );
}
