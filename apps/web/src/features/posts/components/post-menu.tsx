import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { useMenuButton } from '../../../lib/use-menu-button';

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
 * The card menu: Edit (the wizard, pre-filled), View more (the owner page, with the listing in
 * navigation state so it paints at once) and Delete (asks first). It follows the WAI-ARIA menu
 * button pattern like the account menu: Enter, Space or the arrows open it, the arrows, Home and
 * End move, Escape closes it and returns to the button, Tab and a press outside close it.
 */
export function PostMenu({ property, title, onDelete }: PostMenuProps) {
  const { t } = useTranslation('posts');
  const { open, rootRef, buttonProps, menuProps, choose } = useMenuButton();

  const slug = PROPERTY_TYPE_SLUGS[property.type];
  return (
    <div ref={rootRef} className="post-menu">
      <button
        {...buttonProps}
        type="button"
        className="icon-btn"
        aria-label={t('menu.button', { title })}
      >
        <MoreIcon />
      </button>
      {open ? (
        <ul {...menuProps} aria-label={t('menu.button', { title })} className="post-menu__list">
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
              // Focus goes back to the button first, so the dialog hands it back there.
              onClick={() => choose(() => onDelete(property))}
            >
              {t('menu.delete')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
