import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Footer } from './footer';
import { Header } from './header';

const MAIN_ID = 'main-content';

/** Spec 2: header and footer are hidden on every /admin path. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chrome = !pathname.startsWith('/admin');

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {chrome ? (
        <>
          <Box
            component="a"
            href={`#${MAIN_ID}`}
            sx={{
              position: 'absolute',
              left: 8,
              top: -48,
              zIndex: 20,
              bgcolor: 'primary.main',
              color: '#000',
              p: 2,
              '&:focus': { top: 8 },
            }}
          >
            {t('skipToContent')}
          </Box>
          <Header />
        </>
      ) : null}
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flex: 1, py: 6, px: { xs: 3, sm: 6 }, outline: 'none' }}
      >
        <Outlet />
      </Container>
      {chrome ? <Footer /> : null}
      <ScrollRestoration />
    </Box>
  );
}
