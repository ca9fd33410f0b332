import { createContext, useContext, useState, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * When the server rendered the page (ms since the epoch), handed to the browser with it; null on a
 * page the server did not render.
 */
const RenderedAtContext = createContext<number | null>(null);

export function PageClockProvider({
  renderedAt,
  children,
}: {
  renderedAt: number | null;
  children: ReactNode;
}) {
  return <RenderedAtContext.Provider value={renderedAt}>{children}</RenderedAtContext.Provider>;
}

/**
 * The moment a page judges relative times at ("confirmed 3 days ago"). While React renders on the
 * server and hydrates that markup, it is the server's moment, so both write the same words even
 * when the phone's clock is a day out or the page was rendered just before midnight; a different
 * word would be a hydration mismatch. Once the app runs (and on a page the browser rendered), it
 * is the browser's own clock, read when the component mounted.
 */
export function usePageClock(): number {
  const renderedAt = useContext(RenderedAtContext);
  const hydrated = useHydrated();
  const [mountedAt] = useState(Date.now);
  return hydrated || renderedAt === null ? mountedAt : renderedAt;
}
