import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element the URL's #fragment names into view once the page has drawn it. The router
 * scrolls to a fragment only if the element is there when the navigation ends; a page that first
 * waits for its texts (a lazy translation namespace) draws it later, and passes `ready`.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      // A fragment that is not valid percent-encoding names nothing on the page.
      return;
    }
    document.getElementById(id)?.scrollIntoView();
  }, [ready, hash]);
}
