import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import logoSrc from '../../assets/logo.svg';
import { LanguageSwitch } from '../../components/language-switch';
import { GOLD } from '../../lib/theme';

// The drawer (Modal, focus trap, transitions) is only downloaded when a phone user opens the menu.
const MobileMenu = lazy(() => import('./mobile-menu'));
export const MOBILE_MENU_ID = 'mobile-menu';

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);

  return (
    <Box
      component="header"
      sx={{
        bgcolor: '#000',
        color: '#fff',
        position: 'sticky',
        top: 0,
        zIndex: 10,
        '--focus-ring': GOLD,
      }}
    >
      <Container
        maxWidth="lg"
        sx={{ display: 'flex', alignItems: 'center', gap: 3, minHeight: 56, px: { xs: 3, sm: 4 } }}
      >
        <Box
          component={Link}
          to="/home"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 2,
            color: 'primary.main',
            textDecoration: 'none',
            fontWeight: 700,
            fontSize: '1.25rem',
            mr: 'auto',
          }}
        >
          {/* Spec 2: the logo goes home, but its inner image goes to the create-listing page. */}
          <img
            src={logoSrc}
            alt=""
            width={32}
            height={32}
            title={t('header.postProperty')}
            onClick={(event) => {
              event.preventDefault();
              void navigate('/post');
            }}
          />
          <span>{t('appName')}</span>
        </Box>
        <Box
          component="nav"
          aria-label={t('header.mainNav')}
          sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 3 }}
        >
          <Button component={Link} to="/posts" color="primary">
            {t('header.posts')}
          </Button>
          <LanguageSwitch />
        </Box>
        <Button component={Link} to="/login" variant="contained" color="primary">
          {t('header.signIn')}
        </Button>
        <IconButton
          aria-label={t('header.openMenu')}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
          onClick={() => {
            setMenuRequested(true);
            setMenuOpen(true);
          }}
          sx={{ display: { xs: 'inline-flex', sm: 'none' }, color: 'primary.main' }}
        >
          <MenuIcon />
        </IconButton>
      </Container>
      {menuRequested ? (
        <Suspense fallback={null}>
          <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
