import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/use-translation';

/** The create wizard's route (app/router.tsx), behind the login guard. */
export const POST_LISTING_PATH = '/post';

export interface PostListingLinkProps {
  className: string;
  /** Called when the link is followed (the mobile menu closes itself). */
  onFollow?: () => void;
  /** The link's content; default "Post a listing". */
  children?: ReactNode;
  /** A tooltip, for where the link may show as an icon alone. */
  title?: string;
}

/**
 * "Post a listing", for everyone. One plain link to the wizard whoever follows it: the server
 * renders it without knowing who is signed in, and it works before the app runs. A signed-out
 * visitor meets the login guard there, which sends them to /login and, once signed in (or
 * registered), back to the wizard.
 */
export function PostListingLink({ className, onFollow, children, title }: PostListingLinkProps) {
  const { t } = useTranslation();
  return (
    <Link to={POST_LISTING_PATH} className={className} onClick={onFollow} title={title}>
      {children ?? t('header.postListing')}
    </Link>
  );
}
