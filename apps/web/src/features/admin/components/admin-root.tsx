import { Outlet } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { MuiThemeScope } from '../../../lib/mui-theme-scope';
import { useAdminText } from '../hooks/use-admin-text';

/** Every /admin page: the MUI theme, once the admin texts have arrived. */
export function AdminRoot() {
  const { ready } = useAdminText();
  // The admin texts are what is loading: the label comes from the always-loaded namespace.
  const { t } = useTranslation();
  return (
    <MuiThemeScope>
      {ready ? (
        <Outlet />
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
          <CircularProgress aria-label={t('loading')} color="secondary" />
        </Box>
      )}
    </MuiThemeScope>
  );
}
