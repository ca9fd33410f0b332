import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../lib/sign-out';

// The panel downloads when Profile is first chosen.
const ProfilePanel = lazy(() => import('../../features/profile/components/profile-panel'));
const PROFILE_PANEL_ID = 'profile-panel';

export interface AccountMenuProps {
  /** The display name (session.user). */
  name: string;
}

type TFocusTarget = 'first' | 'last';

function menuItems(menu: HTMLElement | null): HTMLButtonElement[] {
  return [...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
}

/** The avatar: the first letter of the name, upper-cased. */
function avatarInitial(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';
}

/**
 * Spec 2: the signed-in user's avatar (the first letter of their name) and a menu with Profile and
 * Logout, in its own chunk (an anonymous first visit never downloads it). It follows the WAI-ARIA
 * menu button pattern: Enter, Space or the arrow keys open it and focus an item, the arrows, Home
 * and End move between items, Escape closes it and returns to the button, Tab closes it and moves
 * on, and a press outside closes it.
 */
export default function AccountMenu({ name }: AccountMenuProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileRequested, setProfileRequested] = useState(false);
  const [focusTarget, setFocusTarget] = useState<TFocusTarget>('first');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const initial = avatarInitial(name);

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menu.current);
    (focusTarget === 'first' ? list[0] : list.at(-1))?.focus();
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open, focusTarget]);

  const openMenu = (target: TFocusTarget) => {
    setFocusTarget(target);
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const choose = (action: () => void) => {
    // Focus goes back to the button first, so a panel opened from here hands it back there.
    close(true);
    action();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems(menu.current);
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div ref={root} className="account-menu">
      <button
        ref={button}
        type="button"
        className="account-menu__avatar"
        aria-label={t('header.account', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span aria-hidden="true">{initial}</span>
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('header.account', { name })}
          className="account-menu__list"
          onKeyDown={onMenuKeyDown}
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
