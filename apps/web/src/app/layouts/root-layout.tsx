import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from './footer';
import { Header } from './header';
import './layout.css';

const MAIN_ID = 'main-content';

/** Header and footer are hidden on every /admin path. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chrome = !pathname.startsWith('/admin');

  return (
    <div className="layout">
      {chrome ? (
        <>
          <a className="skip-link" href={`#${MAIN_ID}`}>
            {t('skipToContent')}
          </a>
          <Header />
        </>
      ) : null}
      <main id={MAIN_ID} tabIndex={-1} className="layout__main container">
        <Outlet />
      </main>
      {chrome ? <Footer /> : null}
      <ScrollRestoration />
    </div>
  );
}
