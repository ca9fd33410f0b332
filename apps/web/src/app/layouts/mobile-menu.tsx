import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { FavoriteBorderIcon } from '../../components/icons';
import { DataSaverSwitch } from '../../components/data-saver-switch';
import { LanguageSwitch } from '../../components/language-switch';
import { SideSheet } from '../../components/side-sheet';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/sign-out';
import { refocus } from '../../lib/use-modal-dialog';
import { SignInLink } from '../../components/sign-in-link';
import { PostListingLink } from '../../components/post-listing-link';
import './mobile-menu.css';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The phone menu has Post a listing, POSTS, Saved, Contacts you viewed and Logout (SIGN IN while
 * signed out), plus the language and data saver.
 */
export default function MobileMenu(props: MobileMenuProps) {
  const { onClose } = props;
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  return (
    <SideSheet
      {...props}
      className="mobile-menu"
      title={t('header.menu')}
      closeLabel={t('header.closeMenu')}
      backdrop="click"
      // The focus goes back to the menu button however the menu closed: browsers do it for a
      // modal <dialog>, old WebViews without showModal() do not.
      onHide={refocus}
    >
      <nav aria-label={t('header.menu')} className="mobile-menu__nav">
        <PostListingLink className="btn" onFollow={onClose} />
        <Link to="/posts" className="btn" onClick={onClose}>
          {t('header.posts')}
        </Link>
        <Link to="/saved" className="btn" onClick={onClose}>
          <FavoriteBorderIcon />
          {t('header.saved')}
        </Link>
        {session ? (
          <Link to="/contacts-viewed" className="btn" onClick={onClose}>
            {t('header.contactsViewed')}
          </Link>
        ) : null}
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
          {/* The page stays as it was, only its words change: nothing else would close the menu. */}
          <LanguageSwitch tone="light" onChoose={onClose} />
        </div>
        <DataSaverSwitch tone="light" />
      </nav>
    </SideSheet>
  );
}
