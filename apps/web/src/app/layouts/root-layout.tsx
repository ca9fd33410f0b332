import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { DemoBanner } from '../../components/demo-banner';
import { OfflineBanner } from '../../components/offline-banner';
import { useMergeLocalFavourites } from '../../lib/use-merge-local-favourites';
import { Footer } from './footer';
import { Header } from './header';
import './layout.css';

const MAIN_ID = 'main-content';
/** Listened for by public/lite.js. */
export const APP_READY_EVENT = 'makazi:app-ready';

/**
 * Header and footer are hidden on every /admin path; the demo and offline banners are on every
 * page.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chrome = !pathname.startsWith('/admin');
  // Favourites saved before sign-in join the account on every page, whichever one signs in.
  useMergeLocalFavourites();
  // The page is the app's now: a data-saver page's loader (public/lite.js) makes the tap that
  // fetched the app again.
  useEffect(() => {
    window.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);

  return (
    // The id marks where the server-rendered app starts (server/page-renderer.tsx).
    <div id="app" className="layout">
      {chrome ? (
        <a className="skip-link" href={`#${MAIN_ID}`}>
          {t('skipToContent')}
        </a>
      ) : null}
      <DemoBanner />
      <OfflineBanner />
      {chrome ? <Header /> : null}
      <main id={MAIN_ID} tabIndex={-1} className="layout__main container">
        <Outlet />
      </main>
      {chrome ? <Footer /> : null}
      <ScrollRestoration />
    </div>
  );
}
