import { Link, useLocation } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FlagIcon from '@mui/icons-material/Flag';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { ReactNode } from 'react';
import { PROPERTY_TYPE_SLUG_VALUES } from '@makazi/contracts/property-values';
import { useAdminText, type TAdminKey } from '../hooks/use-admin-text';

interface NavEntry {
  to: string;
  label: TAdminKey;
  icon: ReactNode;
  /** Paths that highlight the entry besides its own. */
  matches: (pathname: string) => boolean;
}

const startsWith = (prefixes: string[]) => (pathname: string) =>
  prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

const ENTRIES: NavEntry[] = [
  {
    to: '/admin/dashboard',
    label: 'nav.dashboard',
    icon: <DashboardIcon />,
    matches: startsWith(['/admin/dashboard']),
  },
  {
    to: '/admin/property',
    label: 'nav.properties',
    icon: <HomeWorkIcon />,
    matches: startsWith([
      '/admin/property',
      ...PROPERTY_TYPE_SLUG_VALUES.map((slug) => `/admin/${slug}`),
    ]),
  },
  {
    to: '/admin/reports',
    label: 'nav.reports',
    icon: <FlagIcon />,
    matches: startsWith(['/admin/reports']),
  },
  {
    to: '/admin/users',
    label: 'nav.users',
    icon: <PeopleIcon />,
    matches: startsWith(['/admin/users', '/admin/permisions']),
  },
  {
    to: '/admin/finance',
    label: 'nav.finance',
    icon: <ReceiptLongIcon />,
    matches: startsWith(['/admin/finance']),
  },
  {
    to: '/admin/support',
    label: 'nav.support',
    icon: <SupportAgentIcon />,
    matches: startsWith(['/admin/support']),
  },
  {
    to: '/admin/revealers',
    label: 'nav.revealers',
    icon: <ContactPhoneIcon />,
    matches: startsWith(['/admin/revealers']),
  },
  {
    // The admin's own account and two-step sign-in.
    to: '/admin/profile',
    label: 'nav.profile',
    icon: <AccountCircleIcon />,
    matches: startsWith(['/admin/profile']),
  },
];

/** The side navigation; the entry of the current page is gold (theme primary). */
export function AdminNav({ open }: { open: boolean }) {
  const { t } = useAdminText();
  const { pathname } = useLocation();
  return (
    <List component="div" sx={{ py: 2 }}>
      {ENTRIES.map((entry) => {
        const active = entry.matches(pathname);
        const label = t(entry.label);
        return (
          <Tooltip key={entry.to} title={open ? '' : label} placement="right">
            <ListItemButton
              component={Link}
              to={entry.to}
              selected={active}
              aria-current={active ? 'page' : undefined}
              sx={{
                minHeight: 44,
                px: 5,
                '&.Mui-selected, &.Mui-selected:hover': {
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 0, mr: open ? 3 : 'auto', color: 'inherit' }}>
                {entry.icon}
              </ListItemIcon>
              <ListItemText
                primary={label}
                sx={
                  // A long entry ('Kumbukumbu za fedha') takes two lines rather than being cut off.
                  open
                    ? { whiteSpace: 'normal' }
                    : { opacity: 0, width: 0, m: 0, overflow: 'hidden' }
                }
              />
            </ListItemButton>
          </Tooltip>
        );
      })}
    </List>
  );
}
