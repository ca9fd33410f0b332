import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { MuiThemeScope } from '../../../lib/mui-theme-scope';
import { useAdminText } from '../hooks/use-admin-text';

/** Every /admin page: the MUI theme, once the admin texts have arrived. */
export function AdminRoot() {
  const { ready } = useAdminText();
  return (
    <MuiThemeScope>
      {ready ? (
        <Outlet />
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
          <CircularProgress aria-label="Loading" color="secondary" />
        </Box>
      )}
    </MuiThemeScope>
  );
}
