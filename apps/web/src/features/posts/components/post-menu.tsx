import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';

type TFocusTarget = 'first' | 'last';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
      <path d="M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
    </svg>
  );
}

export interface PostMenuProps {
  property: TViewerProperty;
  /** The title as the card shows it: the button's name says which post it acts on. */
  title: string;
  onDelete: (property: TViewerProperty) => void;
}

/**
 * Spec 2's card menu: Edit (the wizard, pre-filled), View more (the owner page, with the listing in
 * navigation state so it paints at once) and Delete (asks first). It follows the WAI-ARIA menu
 * button pattern like the account menu: Enter, Space or the arrows open it, the arrows, Home and
 * End move, Escape closes it and returns to the button, Tab and a press outside close it.
 */
export function PostMenu({ property, title, onDelete }: PostMenuProps) {
  const { t } = useTranslation('posts');
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<TFocusTarget>('first');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

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

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems(menu.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
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

  const slug = PROPERTY_TYPE_SLUGS[property.type];
  return (
    <div ref={root} className="post-menu">
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label={t('menu.button', { title })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <MoreIcon />
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('menu.button', { title })}
          className="post-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              className="post-menu__item"
              to={`/post?edit=${encodeURIComponent(property.id)}`}
            >
              {t('menu.edit')}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              className="post-menu__item"
              to={`/user/${slug}/${property.id}`}
              state={{ property }}
            >
              {t('menu.view')}
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="post-menu__item post-menu__item--danger"
              onClick={() => {
                // Focus goes back to the button first, so the dialog hands it back there.
                close(true);
                onDelete(property);
              }}
            >
              {t('menu.delete')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
