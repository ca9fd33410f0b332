import Chip from '@mui/material/Chip';
import type { TPendingChangeStatus } from '@makazi/contracts/listings';
import type { TPropertyStatus } from '@makazi/contracts/property-values';
import { useAdminText } from '../hooks/use-admin-text';

// Awaiting review is filled gold with black text (8.7:1): gold text on white would be 2.3:1.
const STATUS_COLOR: Record<TPropertyStatus, 'default' | 'primary' | 'success' | 'error'> = {
  draft: 'default',
  pending: 'primary',
  approved: 'success',
  rejected: 'error',
  archived: 'default',
};

export function StatusChip({ status }: { status: TPropertyStatus }) {
  const { t } = useAdminText();
  return (
    <Chip
      size="small"
      variant={status === 'pending' ? 'filled' : 'outlined'}
      color={STATUS_COLOR[status]}
      label={t(`status.${status}`)}
    />
  );
}

/**
 * Marks an approved listing whose edit waits beside it (the live version stays public meanwhile):
 * the moderator reviews a difference, not a new listing. Outlined, with its own words, so it never
 * reads as the listing's status.
 */
export function PendingChangeChip({ status }: { status: TPendingChangeStatus }) {
  const { t } = useAdminText();
  return (
    <Chip
      size="small"
      variant="outlined"
      // Ink on white, like the other outlined chips: gold text on white would be 2.3:1.
      color={status === 'rejected' ? 'error' : 'secondary'}
      label={t(`pendingChange.chip.${status}`)}
      data-testid="pending-change-chip"
    />
  );
}
