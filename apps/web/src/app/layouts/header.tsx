import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import logoSrc from '../../assets/logo.svg';
import { AddIcon, FavoriteBorderIcon, MenuIcon } from '../../components/icons';
import { DataSaverSwitch } from '../../components/data-saver-switch';
import { LanguageSwitch } from '../../components/language-switch';
import { useAuthModal } from '../../lib/auth-modal';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../../lib/session';
import { SignInLink } from '../../components/sign-in-link';
import { PostListingLink } from '../../components/post-listing-link';
import './layout.css';

// Panels download only when they are opened: the header is on every first visit.
const MobileMenu = lazy(() => import('./mobile-menu'));
const AccountMenu = lazy(() => import('./account-menu'));
const AuthDialog = lazy(() => import('../../features/auth/components/auth-dialog'));
export const MOBILE_MENU_ID = 'mobile-menu';
/** The header's navigation: the phone's menu link targets it until the app runs. */
export const SITE_NAV_ID = 'site-nav';
/**
 * The header's last element: a rendered page is painted once the parser has reached it, so the
 * whole header is painted at once (page-template.ts).
 */
export const HEADER_END_ID = 'header-end';

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const authModal = useAuthModal().modal;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const hydrated = useHydrated();

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to="/home" className="site-header__home">
          {/*
           * The logo goes home, but its inner image goes to the create-listing page: a pointer
           * shortcut (the wizard is reached from /posts too). The image stays decorative to
           * assistive technology, so without a title, which would contradict its empty alt (WCAG
           * 1.1.1, technique H67).
           */}
          <img
            src={logoSrc}
            alt=""
            width={32}
            height={32}
            onClick={(event) => {
              event.preventDefault();
              void navigate('/post');
            }}
          />
          <span>{t('appName')}</span>
        </Link>
        <nav id={SITE_NAV_ID} aria-label={t('header.mainNav')} className="site-header__nav">
          {/* For everyone: a signed-out visitor is taken through sign-in on the way. */}
          <PostListingLink
            className="btn btn--on-dark site-header__post"
            title={t('header.postListing')}
          >
            <AddIcon />
            <span className="site-header__post-text">{t('header.postListing')}</span>
          </PostListingLink>
          <Link to="/posts" className="btn btn--on-dark">
            {t('header.posts')}
          </Link>
          {/* For everyone: a visitor's favourites are kept before they sign in too. */}
          <Link to="/saved" className="btn btn--on-dark site-header__saved">
            <FavoriteBorderIcon />
            <span className="site-header__saved-text">{t('header.saved')}</span>
          </Link>
          <DataSaverSwitch />
          <LanguageSwitch />
        </nav>
        {session ? (
          // Until the menu's chunk arrives, the same circle and letter, not yet a button.
          <Suspense
            fallback={
              <span className="account-menu__avatar" aria-hidden="true">
                {Array.from(session.user.trim())[0]?.toLocaleUpperCase() ?? '?'}
              </span>
            }
          >
            <AccountMenu name={session.user} />
          </Suspense>
        ) : (
          <SignInLink className="btn btn--contained" />
        )}
        {hydrated ? (
          <button
            type="button"
            className="icon-btn site-header__menu-button"
            aria-label={t('header.openMenu')}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
            onClick={() => {
              setMenuRequested(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon />
          </button>
        ) : (
          // The side sheet needs the app. Until it runs (or without JavaScript) the menu is a
          // link to the bar's own navigation, which shows under the bar when targeted
          // (layout.css), so a phone reaches Post a listing, POSTS and the language links all the same.
          <a
            href={`#${SITE_NAV_ID}`}
            className="icon-btn site-header__menu-button"
            aria-label={t('header.openMenu')}
          >
            <MenuIcon />
          </a>
        )}
      </div>
      {menuRequested ? (
        <Suspense fallback={null}>
          <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
      {/* The login or register popover, by the auth-modal state. */}
      {authModal !== 'none' ? (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      ) : null}
      <span id={HEADER_END_ID} hidden />
    </header>
  );
}
