import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuiltChunk, PageDataSource } from '@makazi/contracts/page-rendering';
import { NAMESPACES } from '../lib/i18n';
import { showToast } from '../lib/toast';
import { createPageRendererFromBuild } from '../server/page-renderer';
import { signIn } from '../testing/account';
import { createTestQueryClient, jsonResponse, mockFetch, renderApp } from '../testing/test-utils';
import { createRoutes } from './router';

/*
 * Post a listing (issue 41): in the header and on the home page for everyone, a real link to the
 * wizard; a signed-out visitor reaches the wizard through sign-in.
 */

vi.mock(import('../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

const TEXT = {
  en: {
    link: 'Post a listing',
    home: 'Find land, houses and apartments in Tanzania',
    signIn: 'Sign in',
    wizard: 'Post a property',
  },
  sw: {
    link: 'Weka tangazo',
    home: 'Pata viwanja, nyumba na fleti Tanzania',
    signIn: 'Ingia',
    wizard: 'Tangaza mali',
  },
} as const;

/** The smallest build the server renderer takes: the entry, the home page and the texts. */
const MANIFEST: Record<string, BuiltChunk> = {
  'src/main.tsx': { file: 'assets/main.js', isEntry: true },
  'src/app/routes/home.tsx': { file: 'assets/home.js' },
  ...Object.fromEntries(
    ['en', 'sw'].flatMap((language) =>
      NAMESPACES.map((namespace) => [
        `src/locales/${language}/${namespace}.json`,
        { file: `assets/${namespace}-${language}.js` },
      ]),
    ),
  ),
};
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Makazi</title>
    <script type="module" crossorigin src="/assets/main.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const EMPTY_CATALOGUE: PageDataSource = {
  listProperties: () => Promise.resolve({ json: '[]', nextCursor: null }),
  countProperties: () => Promise.resolve({ count: 0, atLeast: false }),
  getProperty: () => Promise.resolve(null),
  siteInfo: () => ({ demo: false }),
};

async function serverRenderedHome(language: 'en' | 'sw'): Promise<Document> {
  const renderer = createPageRendererFromBuild({
    template: TEMPLATE,
    manifest: MANIFEST,
    styles: {},
  });
  const result = await renderer.render({
    url: '/home',
    origin: 'https://makazi.example',
    language,
    dataSaver: false,
    data: EMPTY_CATALOGUE,
  });
  if (result.kind !== 'page') throw new Error(`/home answered ${result.kind}`);
  return new DOMParser().parseFromString(new TextDecoder().decode(result.html), 'text/html');
}

/** The app's own route table, so a guard or a link taken out of it fails these tests. */
function renderHome(language: 'en' | 'sw') {
  // The carousels find nothing; the wizard's read of the account finds nothing either.
  mockFetch(() => jsonResponse([]));
  return renderApp(null, { routes: createRoutes(createTestQueryClient()), url: '/home', language });
}

describe('Post a listing', () => {
  it.each(['en', 'sw'] as const)(
    '%s: the server renders it as a link to the wizard, in the header and on the home page',
    async (language) => {
      const doc = await serverRenderedHome(language);

      // The phone's menu, before the app runs, is a link to the header's navigation: it is there.
      expect(doc.querySelector('a.site-header__menu-button')?.getAttribute('href')).toBe(
        '#site-nav',
      );
      const inNav = doc.querySelector('#site-nav a[href="/post"]');
      expect(inNav?.textContent).toBe(TEXT[language].link);
      const onHome = doc.querySelector('main .home-banner a[href="/post"]');
      expect(onHome?.textContent).toBe(TEXT[language].link);
    },
  );

  it.each([
    ['en', 'header'],
    ['sw', 'home page'],
  ] as const)(
    '%s: the %s link takes a signed-out visitor through sign-in to the wizard',
    async (language, where) => {
      const user = userEvent.setup();
      const { router } = await renderHome(language);
      const region =
        where === 'header'
          ? screen.getByRole('banner')
          : await screen.findByRole('region', { name: TEXT[language].home });
      const link = within(region).getByRole('link', { name: TEXT[language].link });
      expect(link).toHaveAttribute('href', '/post');

      await user.click(link);

      // The login guard: the sign-in screen, with the wizard as the way back.
      expect(
        await screen.findByRole('heading', { level: 1, name: TEXT[language].signIn }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.state).toMatchObject({ from: { pathname: '/post' } });

      act(() => {
        signIn();
      });

      expect(
        await screen.findByRole('heading', { level: 1, name: TEXT[language].wizard }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/post');
    },
  );

  it('takes a signed-in person straight to the wizard', async () => {
    signIn();
    const user = userEvent.setup();
    const { router } = await renderHome('en');

    await user.click(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Post a listing' }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post a property' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/post');
    expect(vi.mocked(showToast)).not.toHaveBeenCalled();
  });
});
