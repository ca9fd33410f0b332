import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { closeAuthModal } from '../lib/auth-modal';
import { reloadLocalFavourites } from '../lib/favourites';
import { clearSession } from '../lib/session';

// jsdom lacks matchMedia, which the admin's narrow-screen hook and the carousels' reduced-motion
// check ask. Nothing matches.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// Lazy routes are transformed on first import; give findBy* room on a busy machine.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  clearSession();
  closeAuthModal();
  window.localStorage.clear();
  // The favourites store keeps what it read, as the session does: it reads the empty storage again.
  reloadLocalFavourites();
  // The language switch's cookie (lib/i18n.ts): each test starts without a choice made.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});
