import type { TClaim } from '@makazi/contracts/trust';
import type { TReportReason } from '@makazi/contracts/trust-values';
import { useTranslation } from './use-translation';

/**
 * How a report's reason and a dead-end claim's outcome read, in the lazy 'trust' namespace: the
 * report dialog and 'Contacts you viewed' word them alike. Use only once the namespace is ready.
 */
export function useReportText() {
  const { t } = useTranslation('trust');
  return {
    reason: (reason: TReportReason) => t(`reasons.${reason}`),
    claim: (claim: TClaim): string => {
      switch (claim.status) {
        case 'pending':
          return t('claim.pending');
        case 'upheld':
          return claim.credited ? t('claim.upheld') : t('claim.creditLimit');
        case 'refused':
          return claim.decision === 'credit_limit' ? t('claim.creditLimit') : t('claim.refused');
      }
    },
  };
}
