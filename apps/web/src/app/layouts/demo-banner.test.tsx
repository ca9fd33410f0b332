import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../router';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderApp,
} from '../../testing/test-utils';

/** Renders `url` with a server that says `demo` on GET /api/site, and lists nothing. */
async function renderAt(url: string, demo: boolean, language: 'en' | 'sw' = 'en') {
  let answered: () => void = () => undefined;
  const siteAnswered = new Promise<void>((resolve) => (answered = resolve));
  mockFetch((requested) => {
    if (requested.pathname !== '/api/site') return jsonResponse([]);
    answered();
    return jsonResponse({ demo });
  });
  await renderApp(null, { url, language, routes: createRoutes(createTestQueryClient()) });
  return { siteAnswered };
}

describe('the demo banner', () => {
  it('says on a public page that payments are simulated and codes go to the outbox', async () => {
    await renderAt('/home', true);
    const banner = await screen.findByRole('complementary', { name: 'Demo' });
    expect(banner).toHaveTextContent('Demo: payments are simulated, codes go to the outbox');
  });

  it('says it in Swahili, and on the admin pages too', async () => {
    await renderAt('/admin/login', true, 'sw');
    const banner = await screen.findByRole('note', { name: 'Majaribio' });
    expect(banner).toHaveTextContent(
      'Majaribio: malipo ni ya kuigiza, misimbo huenda kwenye outbox',
    );
  });

  it('is not there when the server runs no demo convenience', async () => {
    const { siteAnswered } = await renderAt('/home', false);
    await siteAnswered;
    // Once the answer has been read and the page rendered again: still no banner.
    await screen.findByRole('contentinfo');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('complementary', { name: 'Demo' })).not.toBeInTheDocument();
  });
});
