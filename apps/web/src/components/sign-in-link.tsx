import type { ReactNode } from 'react';
import { Link, useLocation, type Location } from 'react-router';
import { useTranslation } from '../lib/use-translation';
import { openAuthModal } from '../lib/auth-modal';

export interface SignInLinkProps {
  className: string;
  /** Called once the link is followed or the popover opened (the mobile menu closes itself). */
  onOpen?: () => void;
  /** The link's words; default "Sign in" as the header says it. */
  children?: ReactNode;
  /** Where /login sends the person back to once signed in (a page that asked them to sign in). */
  returnTo?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/**
 * SIGN IN goes to /login, and the login popover opens over the current page. It stays a real
 * link, so a new tab, a middle click or a link without JavaScript reach the login screen; a plain
 * left click opens the popover instead. On the sign-in screens themselves it simply navigates.
 */
export function SignInLink({ className, onOpen, children, returnTo }: SignInLinkProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Link
      to="/login"
      {...(returnTo ? { state: { from: returnTo } } : {})}
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
      {children ?? t('header.signIn')}
    </Link>
  );
}
