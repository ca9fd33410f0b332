import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { openAuthModal } from '../../lib/auth-modal';

export interface SignInLinkProps {
  className: string;
  /** Called once the link is followed or the popover opened (the mobile menu closes itself). */
  onOpen?: () => void;
}

/**
 * SIGN IN goes to /login, and the login popover opens over the current page. It stays a real
 * link, so a new tab, a middle click or a link without JavaScript reach the login screen; a plain
 * left click opens the popover instead. On the sign-in screens themselves it simply navigates.
 */
export function SignInLink({ className, onOpen }: SignInLinkProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Link
      to="/login"
      className={className}
      onClick={(event) => {
        // New tab, new window, download: the browser's business.
        if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        if (pathname !== '/login' && pathname !== '/register') {
          event.preventDefault();
          openAuthModal('login');
        }
        onOpen?.();
      }}
    >
      {t('header.signIn')}
    </Link>
  );
}
