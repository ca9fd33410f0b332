import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { useSignOut } from '../../lib/sign-out';
import { useMenuButton } from '../../lib/use-menu-button';

// The panel downloads when Profile is first chosen.
const ProfilePanel = lazy(() => import('../../features/profile/components/profile-panel'));
const PROFILE_PANEL_ID = 'profile-panel';

export interface AccountMenuProps {
  /** The display name (session.user). */
  name: string;
}

/** The avatar: the first letter of the name, upper-cased. */
function avatarInitial(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';
}

/**
 * The signed-in user's avatar (the first letter of their name) and a menu with Profile, Contacts
 * you viewed and Logout, in its own chunk (an anonymous first visit never downloads it). It follows the WAI-ARIA
 * menu button pattern: Enter, Space or the arrow keys open it and focus an item, the arrows, Home
 * and End move between items, Escape closes it and returns to the button, Tab closes it and moves
 * on, and a press outside closes it.
 */
export default function AccountMenu({ name }: AccountMenuProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileRequested, setProfileRequested] = useState(false);
  const { open, rootRef, buttonProps, menuProps, choose } = useMenuButton();
  const initial = avatarInitial(name);

  return (
    <div ref={rootRef} className="account-menu">
      <button
        {...buttonProps}
        type="button"
        className="account-menu__avatar"
        aria-label={t('header.account', { name })}
      >
        <span aria-hidden="true">{initial}</span>
      </button>
      {open ? (
        <ul
          {...menuProps}
          aria-label={t('header.account', { name })}
          className="account-menu__list"
        >
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="account-menu__item"
              onClick={() =>
                choose(() => {
                  setProfileRequested(true);
                  setProfileOpen(true);
                })
              }
            >
              {t('header.profile')}
            </button>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              className="account-menu__item"
              to="/contacts-viewed"
              // The menu stays in the header across pages: close it on the way.
              onClick={() => choose(() => undefined)}
            >
              {t('header.contactsViewed')}
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="account-menu__item"
              onClick={() => choose(signOut)}
            >
              {t('header.logout')}
            </button>
          </li>
        </ul>
      ) : null}
      {profileRequested ? (
        <Suspense fallback={null}>
          <ProfilePanel
            id={PROFILE_PANEL_ID}
            open={profileOpen}
            onClose={() => setProfileOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
