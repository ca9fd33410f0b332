import { createContext, useContext, type ReactNode } from 'react';

/**
 * The origin absolute links name (canonical URLs, language alternates, link previews). The server
 * decides it (its PUBLIC_URL) and hands it to the browser with the page, so the hydrated page
 * writes the very same links; a page the server did not render uses the browser's origin.
 */
const SiteOriginContext = createContext<string | null>(null);

export function SiteOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <SiteOriginContext.Provider value={origin}>{children}</SiteOriginContext.Provider>;
}

export function useSiteOrigin(): string {
  const origin = useContext(SiteOriginContext);
  if (origin !== null) return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
