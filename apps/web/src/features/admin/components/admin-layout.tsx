import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import MenuIcon from '@mui/icons-material/Menu';
import logo from '../../../assets/logo.svg';
import { adminLogout, adminMeQueryOptions } from '../api/auth';
import { adminSessionEndReason, useAdminToken } from '../api/admin-session';
import { useAdminText } from '../hooks/use-admin-text';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { AdminNav } from './admin-nav';

/** 140px on the smallest screens, 200px from the small breakpoint; 65px closed (icons only). */
export const DRAWER_WIDTH = { xs: 140, sm: 200 } as const;
export const DRAWER_CLOSED_WIDTH = 65;
const DRAWER_ID = 'admin-drawer';

/**
 * The admin pages' frame, for a signed-in admin only: without a token (never signed in, signed
 * out, or the server answered 401) the admin goes to /admin.
 */
export function AdminLayout() {
  const token = useAdminToken();
  if (!token) {
    const ended = adminSessionEndReason() === 'expired';
    return <Navigate to="/admin" replace state={ended ? { sessionEnded: true } : undefined} />;
  }
  return <AdminFrame />;
}

function AdminFrame() {
  const { t } = useAdminText();
  const narrow = useNarrowScreen();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(!narrow);
  // On every route change (and a resize across 480px) the drawer opens on wide screens
  // and closes on narrow ones.
  const [seen, setSeen] = useState({ pathname, narrow });
  if (seen.pathname !== pathname || seen.narrow !== narrow) {
    setSeen({ pathname, narrow });
    setOpen(!narrow);
  }
  // Checks the stored token: a 401 here ends the session like any other admin call.
  const me = useQuery(adminMeQueryOptions);

  const signOut = async () => {
    await adminLogout();
    queryClient.removeQueries({ queryKey: ['admin'] });
    await navigate('/admin', { replace: true });
  };

  const width = open ? DRAWER_WIDTH : { xs: DRAWER_CLOSED_WIDTH, sm: DRAWER_CLOSED_WIDTH };
  const transition = 'width 195ms ease';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="primary"
        elevation={0}
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar variant="dense" sx={{ gap: 2 }}>
          {!open && (
            <IconButton
              edge="start"
              color="inherit"
              aria-label={t('layout.openMenu')}
              aria-expanded={false}
              aria-controls={DRAWER_ID}
              onClick={() => setOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <img src={logo} alt="" width={32} height={32} />
          <Typography component="p" variant="h3" noWrap sx={{ flexGrow: 1 }}>
            {t('layout.brand')}
          </Typography>
          {me.data && (
            <Typography
              variant="caption"
              noWrap
              sx={{ display: { xs: 'none', sm: 'block' } }}
              title={t('layout.signedInAs', { username: me.data.username })}
            >
              {me.data.username}
            </Typography>
          )}
          <Tooltip title={t('layout.signOut')}>
            <IconButton
              edge="end"
              color="inherit"
              aria-label={t('layout.signOut')}
              onClick={() => void signOut()}
            >
              <ExitToAppIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        id={DRAWER_ID}
        data-open={open ? 'true' : 'false'}
        sx={{
          width,
          flexShrink: 0,
          whiteSpace: 'nowrap',
          transition,
          '& .MuiDrawer-paper': {
            width,
            overflowX: 'hidden',
            transition,
            bgcolor: 'common.white',
            boxSizing: 'border-box',
          },
        }}
      >
        <Toolbar variant="dense" sx={{ justifyContent: 'flex-end', px: 2 }}>
          {open && (
            <IconButton
              aria-label={t('layout.closeMenu')}
              aria-expanded
              aria-controls={DRAWER_ID}
              onClick={() => setOpen(false)}
            >
              <ChevronLeftIcon />
            </IconButton>
          )}
        </Toolbar>
        <Box component="nav" aria-label={t('layout.navigation')}>
          <AdminNav open={open} />
        </Box>
      </Drawer>
      {/* On a narrow screen the open drawer closes when the page is clicked. */}
      <Box
        component="main"
        data-testid="admin-content"
        onClick={narrow && open ? () => setOpen(false) : undefined}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 3, sm: 6 } }}
      >
        <Toolbar variant="dense" />
        <Outlet />
      </Box>
    </Box>
  );
}
