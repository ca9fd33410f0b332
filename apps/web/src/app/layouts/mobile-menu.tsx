import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/sign-out';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { SignInLink } from './sign-in-link';
import '../../components/dialog.css';
import './mobile-menu.css';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/** Spec 2: the phone menu has POSTS and Logout (SIGN IN while signed out), plus the language. */
export default function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const { dialogProps } = useModalDialog({ open, onDismiss: onClose, backdrop: 'click' });
  const titleId = useId();

  return (
    <dialog
      {...dialogProps}
      id={id}
      className="dialog dialog--side mobile-menu"
      aria-labelledby={titleId}
    >
      <div className="mobile-menu__panel">
        <div className="mobile-menu__top">
          <h2 id={titleId} className="mobile-menu__title">
            {t('header.menu')}
          </h2>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('header.closeMenu')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('header.menu')} className="mobile-menu__nav">
          <Link to="/posts" className="btn" onClick={onClose}>
            {t('header.posts')}
          </Link>
          {session ? (
            <button
              type="button"
              className="btn"
              onClick={() => {
                onClose();
                signOut();
              }}
            >
              {t('header.logout')}
            </button>
          ) : (
            <SignInLink className="btn btn--contained" onOpen={onClose} />
          )}
          <div>
            <p className="mobile-menu__caption">{t('language.label')}</p>
            <LanguageSwitch tone="light" />
          </div>
        </nav>
      </div>
    </dialog>
  );
}
