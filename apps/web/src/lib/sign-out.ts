import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from './use-translation';
import { useQueryClient } from '@tanstack/react-query';
import { apiSend } from './api-client';
import { isRecord } from './guards';
import { clearListingDraft } from './listing-draft-db';
import { clearSession, getSession } from './session';
import { showToast } from './toast';

/**
 * The first segment of every query key that holds one signed-in user's data (their profile, their
 * subscription status): signing out drops them all, so the next user of a shared phone never sees them.
 */
export const ACCOUNT_QUERY_SCOPE = 'account';
const HOME = '/home';

export function accountQueryKey(sub: string) {
  return [ACCOUNT_QUERY_SCOPE, sub] as const;
}

/**
 * Tells the API to end the session the refresh token belongs to. Best effort: the browser forgets
 * the session whatever the answer, so a dead network never keeps anyone signed in.
 */
function revokeRefreshToken(refreshToken: string): void {
  apiSend('POST', '/auth/logout', { refreshToken }, isRecord).catch(() => {
    // The refresh token then simply expires on the server.
  });
}

export interface SignOutOptions {
  /** The toast once signed out, instead of the info 'User logged out successfully.'. */
  toast?: { message: string; type: 'success' | 'info' };
  /** false when the server has already ended every session (a deleted account): nothing to revoke. */
  revoke?: boolean;
}

/**
 * The header's Logout (and the end of a deleted account): go to /home, clear all four stored
 * values, the in-memory profile and the wizard's draft on this device, info toast 'User logged out
 * successfully.'.
 *
 * The session ends only once the page being left is off the screen: ended earlier, a guarded page
 * would still be mounted, see it end and answer with its own 'You must be logged in' redirect. (The
 * router commits a navigation in a transition, after its promise settles, so awaiting it is not
 * enough.)
 */
export function useSignOut(): (options?: SignOutOptions) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  /** The path being left while signing out, until it is gone. */
  const leaving = useRef<string | null>(null);
  /** The toast of the sign-out under way, when it is not the usual one. */
  const farewell = useRef<SignOutOptions['toast']>(undefined);

  const finish = useCallback(() => {
    clearSession();
    queryClient.removeQueries({ queryKey: [ACCOUNT_QUERY_SCOPE] });
    // A half-made listing (its photos, address and contact number) leaves the device with them.
    void clearListingDraft();
    const { message, type } = farewell.current ?? {
      message: t('session.loggedOut'),
      type: 'info',
    };
    farewell.current = undefined;
    void showToast(message, type);
  }, [queryClient, t]);

  useEffect(() => {
    // Normally /home; another navigation that overtook it leaves the old page just as well.
    if (leaving.current === null || pathname === leaving.current) return;
    leaving.current = null;
    finish();
  }, [pathname, finish]);

  return useCallback(
    ({ toast, revoke = true }: SignOutOptions = {}) => {
      farewell.current = toast;
      const refreshToken = getSession()?.refreshToken;
      // On its way first, never awaited.
      if (revoke && refreshToken) revokeRefreshToken(refreshToken);
      if (pathname === HOME) {
        finish();
        return;
      }
      leaving.current = pathname;
      void navigate(HOME);
    },
    [finish, navigate, pathname],
  );
}
