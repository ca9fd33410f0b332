import Chip from '@mui/material/Chip';
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
