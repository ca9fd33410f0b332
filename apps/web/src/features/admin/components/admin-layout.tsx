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
import {
  adminSessionEndReason,
  useAdminToken,
  useTwoStepSetupRequired,
} from '../api/admin-session';
import { DemoBanner } from '../../../components/demo-banner';
import { useAdminText } from '../hooks/use-admin-text';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { AdminNav } from './admin-nav';

/*
 * 200px open, on every screen: narrower, the longest entry ('Kumbukumbu za fedha') no longer fits
 * even on two lines. 65px when closed (icons only).
 */
export const DRAWER_WIDTH = 200;
export const DRAWER_CLOSED_WIDTH = 65;
const DRAWER_ID = 'admin-drawer';

/** Where an admin sets up two-step sign-in (and the one page open until it is set up). */
export const ADMIN_PROFILE_PATH = '/admin/profile';

/**
 * The admin pages' frame, for a signed-in admin only: without a token (never signed in, signed
 * out, or the server answered 401) the admin goes to /admin. When the server answers that
 * two-step sign-in must be set up first (production), every page leads to the profile.
 */
export function AdminLayout() {
  const token = useAdminToken();
  const setupRequired = useTwoStepSetupRequired();
  const { pathname } = useLocation();
  if (!token) {
    const ended = adminSessionEndReason() === 'expired';
    return <Navigate to="/admin" replace state={ended ? { sessionEnded: true } : undefined} />;
  }
  if (setupRequired && pathname !== ADMIN_PROFILE_PATH) {
    return <Navigate to={ADMIN_PROFILE_PATH} replace />;
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

  const width = open ? DRAWER_WIDTH : DRAWER_CLOSED_WIDTH;
  // On a phone the open drawer lies over the page, which keeps the width of the closed rail: pushed
  // aside, the page would have to fit 360px minus 200.
  const overlay = narrow && open;
  const transition = 'width 195ms ease';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="primary"
        elevation={0}
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {/* 12px sides: the theme's 8px would put the edge buttons' outer 4px off the screen. */}
        <Toolbar variant="dense" sx={{ gap: 2, px: 3 }}>
          {/*
           * The drawer's only toggle lives in the top bar: inside the drawer it sat under this bar,
           * out of reach of clicks. One button for both, so the focus stays on it.
           */}
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t(open ? 'layout.closeMenu' : 'layout.openMenu')}
            aria-expanded={open}
            aria-controls={DRAWER_ID}
            onClick={() => setOpen(!open)}
          >
            {open ? <ChevronLeftIcon /> : <MenuIcon />}
          </IconButton>
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
          width: narrow ? DRAWER_CLOSED_WIDTH : width,
          flexShrink: 0,
          whiteSpace: 'nowrap',
          transition,
          '& .MuiDrawer-paper': {
            width,
            overflowX: 'hidden',
            transition,
            bgcolor: 'common.white',
            boxSizing: 'border-box',
            boxShadow: overlay ? 8 : 'none',
          },
        }}
      >
        {/* Room for the top bar, which is drawn over the drawer's top. */}
        <Toolbar variant="dense" />
        {/*
         * The open width at once (inside the paper's 1px border), so the labels do not reflow
         * while the drawer widens.
         */}
        <Box
          component="nav"
          aria-label={t('layout.navigation')}
          sx={{ width: open ? DRAWER_WIDTH - 1 : undefined }}
        >
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
        <DemoBanner inline />
        <Outlet />
      </Box>
    </Box>
  );
}
