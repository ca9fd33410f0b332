import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isRecord } from './guards';

/*
 * A successful subscription checkout goes back to the page the subscription guard stopped the
 * visitor on, with this mark in history state: that page shows at once what the visitor paid to
 * see instead of asking them to tap again. In history state rather than the URL, so a shared or
 * bookmarked link never asks for anything by itself, and only a payment sets it: Back from the
 * plans returns without it, or the guard would send the visitor straight back to the plans.
 */

const MARK = 'subscribed';

/** The state a successful subscription checkout navigates back with. */
export function subscribedReturnState(): Record<string, unknown> {
  return { [MARK]: true };
}

export function cameBackSubscribed(state: unknown): boolean {
  return isRecord(state) && state[MARK] === true;
}

/**
 * Whether this page was reached by paying for a subscription, read once when the caller mounts.
 * The mark is then taken out of the history entry, so a reload, or Back and Forward to it, is an
 * ordinary visit again: the page never asks the API for the contacts (a reveal it records and
 * counts) on its own twice.
 */
export function useCameBackSubscribed(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [subscribed] = useState(() => cameBackSubscribed(location.state));
  useEffect(() => {
    if (!isRecord(location.state) || !cameBackSubscribed(location.state)) return;
    const { [MARK]: _mark, ...rest } = location.state;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      {
        replace: true,
        state: Object.keys(rest).length > 0 ? rest : null,
        // The same page: wherever the visitor has scrolled to meanwhile stays.
        preventScrollReset: true,
      },
    );
  }, [location, navigate]);
  return subscribed;
}
