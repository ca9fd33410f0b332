import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../router';
import type { SocialLink } from '../../lib/support-contacts';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderApp,
} from '../../testing/test-utils';

// The profiles the build was given: none unless a test sets some.
const social = vi.hoisted(() => ({ links: [] as SocialLink[] }));
vi.mock(import('../../lib/support-contacts'), async (importOriginal) => ({
  ...(await importOriginal()),
  get SOCIAL_LINKS() {
    return social.links;
  },
}));

afterEach(() => {
  social.links = [];
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

async function renderHome(language: 'en' | 'sw' = 'en') {
  mockFetch(() => jsonResponse([]));
  return renderApp(null, {
    url: '/home',
    language,
    routes: createRoutes(createTestQueryClient()),
  });
}

function footer() {
  return screen.getByRole('contentinfo');
}

describe('Footer', () => {
  it('carries this year in its copyright line', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T10:00:00Z') });
    try {
      await renderHome('sw');
      expect(within(footer()).getByText('© 2031 Makazi. Haki zote zimehifadhiwa.')).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['About', 'About Makazi'],
    ['Terms', 'Terms of use'],
    ['Privacy', 'Privacy'],
    ['FAQ', 'Frequently asked questions'],
    ['Support', 'Support'],
  ])('opens the %s page', async (link, heading) => {
    const user = userEvent.setup();
    const { router } = await renderHome();
    await user.click(within(footer()).getByRole('link', { name: link }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).not.toBe('/home');
  });

  it('sends Feedback to the contact form, and Features to its section of About', async () => {
    // jsdom draws nothing, so it has no scrolling: the call is what a browser acts on.
    const scrolled: Element[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
    const user = userEvent.setup();
    const { router } = await renderHome();
    await user.click(within(footer()).getByRole('link', { name: 'Feedback' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Send us a message' }),
    ).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/support', hash: '#contact' });
    expect(scrolled.at(-1)).toHaveAttribute('id', 'contact');

    await user.click(within(footer()).getByRole('link', { name: 'Features' }));
    const section = await screen.findByRole('region', { name: 'Features' });
    expect(section).toHaveAttribute('id', 'features');
    expect(router.state.location).toMatchObject({ pathname: '/about', hash: '#features' });
    expect(scrolled.at(-1)).toBe(section);
  });

  it('hides the whole social group when no profile is set', async () => {
    await renderHome();
    expect(within(footer()).queryByRole('navigation', { name: 'Follow us' })).toBeNull();
    expect(within(footer()).queryByRole('link', { name: 'Instagram' })).toBeNull();
  });

  it('links the profiles that are set, in a new tab without the opener, and only those', async () => {
    social.links = [
      { network: 'instagram', url: 'https://instagram.com/makazi.tz' },
      { network: 'twitter', url: 'https://x.com/makazi_tz' },
    ];
    await renderHome('sw');
    const group = within(footer()).getByRole('navigation', { name: 'Tufuate' });
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Instagram', 'https://instagram.com/makazi.tz'],
      ['X (Twitter)', 'https://x.com/makazi_tz'],
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(group).queryByRole('link', { name: 'Facebook' })).toBeNull();
  });

  it('speaks Swahili, Privacy included', async () => {
    await renderHome('sw');
    const help = within(footer()).getByRole('navigation', { name: 'Msaada' });
    expect(within(help).getByRole('link', { name: 'Faragha' })).toHaveAttribute('href', '/privacy');
    expect(within(help).getByRole('link', { name: 'Maoni' })).toHaveAttribute(
      'href',
      '/support#contact',
    );
  });
});
