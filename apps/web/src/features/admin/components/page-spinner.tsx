import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useAdminText } from '../hooks/use-admin-text';

export function PageSpinner() {
  const { t } = useAdminText();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress color="secondary" aria-label={t('loading')} />
    </Box>
  );
}
