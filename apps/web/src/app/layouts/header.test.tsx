import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from './header';
import { LANGUAGE_STORAGE_KEY, createI18n } from '../../lib/i18n';
import { renderApp, testResources } from '../../testing/test-utils';

describe('language switch', () => {
  it('switches visible text to Swahili, persists the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    await renderApp(<Header />);
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'SW' }));

    expect(await screen.findByRole('link', { name: 'INGIA' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MATANGAZO' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SW' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
  });

  it('starts in the stored language on the next visit', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'sw');
    const i18n = await createI18n({ resources: testResources });
    expect(i18n.language).toBe('sw');
  });

  it('ignores a stored value that is not a supported language', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const i18n = await createI18n({ resources: testResources });
    expect(['en', 'sw']).toContain(i18n.language);
    expect(i18n.language).toBe(navigator.language.startsWith('sw') ? 'sw' : 'en');
  });
});
