import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { TAdminPropertyRow } from '@makazi/contracts/admin';
import { useAdminText } from '../hooks/use-admin-text';
import { formatNumber } from '../utils/format';
import { DuplicatePhotosNote } from './duplicate-photos';
import { PendingChangeChip } from './status-chip';

/** The side drawer 'Property Details': a quick look at a row without leaving the queue. */
export function PropertyQuickLook({
  row,
  onClose,
}: {
  row: TAdminPropertyRow | null;
  onClose: () => void;
}) {
  const { t } = useAdminText();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={row !== null}
      onClose={onClose}
      // Above the admin top bar, which itself sits above the permanent side drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId } }}
    >
      {row && (
        <Box sx={{ width: { xs: 260, sm: 320 }, p: 5 }}>
          <Typography id={titleId} variant="h2" component="h2" sx={{ mb: 4 }}>
            {t('properties.quickLook.title')}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 3,
              rowGap: 2,
              '& dt': { fontWeight: 700 },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>{t('properties.quickLook.id')}</dt>
            <dd>{row.id}</dd>
            <dt>{t('properties.quickLook.name')}</dt>
            <dd>{row.title}</dd>
            <dt>{t('properties.quickLook.location')}</dt>
            <dd>{row.regionName ?? t('none')}</dd>
            <dt>{t('properties.quickLook.price')}</dt>
            <dd>{`TZS ${formatNumber(row.price)}`}</dd>
            <dt>{t('properties.quickLook.status')}</dt>
            <dd>{t(`status.${row.status}`)}</dd>
            {/* The row's price and title are the live version's; the edit is on the listing's page. */}
            {row.pendingChange && (
              <>
                <dt>{t('pendingChange.quickLook')}</dt>
                <dd>
                  <PendingChangeChip status={row.pendingChange} />
                </dd>
              </>
            )}
          </Box>
          {row.duplicatePhotos.length > 0 && (
            <Box sx={{ mt: 4 }}>
              <DuplicatePhotosNote candidates={row.duplicatePhotos} listing={row} />
            </Box>
          )}
          <Button onClick={onClose} sx={{ mt: 6 }} fullWidth>
            {t('close')}
          </Button>
        </Box>
      )}
    </Drawer>
  );
}
