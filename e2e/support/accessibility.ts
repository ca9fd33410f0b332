import type { Page } from 'playwright-core';
import { openSession, type Session } from './browser';
import { waitForCards } from './catalogue';
import { messages, text } from './locales';

/*
 * What the accessibility specs share: the two languages, a visitor's browser in one of them, and
 * the public pages with the way to open each until its real content is on screen. Each spec scans
 * them with its own engine (axe-core; IBM Equal Access) at its own width.
 */

export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The narrowest phone the app is made for: WCAG 1.4.10 reflow's 320 px plus a little. */
export const PHONE_VIEWPORT = { width: 360, height: 780 };

/** The texts a reader of `language` sees, by namespace. */
export function textsOf(language: Language) {
  return {
    common: messages(language, 'common'),
    catalogue: messages(language, 'catalogue'),
    detail: messages(language, 'detail'),
    auth: messages(language, 'auth'),
    checkout: messages(language, 'checkout'),
    posts: messages(language, 'posts'),
    publish: messages(language, 'publish'),
    admin: messages(language, 'admin'),
    support: messages(language, 'support'),
    info: messages(language, 'info'),
    trust: messages(language, 'trust'),
    saved: messages(language, 'saved'),
  };
}
export type Texts = ReturnType<typeof textsOf>;

/** A browser whose visitor chose `language` in the header switch (the app's stored choice). */
export async function sessionIn(
  language: Language,
  viewport?: { width: number; height: number },
): Promise<Session> {
  const session = await openSession({
    locale: language === 'sw' ? 'sw-TZ' : 'en-US',
    viewport,
  });
  await session.context.addInitScript((chosen) => {
    window.localStorage.setItem('makazi.language', chosen);
  }, language);
  return session;
}

/** The catalogue's four list pages: route and property type. */
export const LIST_PAGES = [
  ['/land', 'Land'],
  ['/lease', 'Rent'],
  ['/apartment', 'Apartment'],
  ['/house-for-sale', 'HouseForSale'],
] as const;

/** A page to scan: `route` names it in reports, `open` brings it on screen with its content. */
export interface Stop {
  route: string;
  open: (page: Page) => Promise<void>;
}

/**
 * The pages anyone can open without signing in, in the order a visitor meets them: home, the
 * sign-in popover over it, the four lists, the sign-in and register screens, support (its contact
 * form sent empty, errors shown), about, terms, privacy and the FAQ, /saved with a favourite, the
 * plans and step 1 of the subscription checkout (plan of `subscriptionDays`) for an anonymous
 * visitor.
 */
export function publicStops(t: Texts, subscriptionDays: number): Stop[] {
  return [
    {
      route: '/home',
      open: async (page) => {
        await page.goto('/home');
        await waitForCards(page.getByTestId('carousel-Rent'), 'the Rent carousel');
      },
    },
    {
      route: '/home sign-in popover',
      // SIGN IN opens the login popover over the page.
      open: async (page) => {
        await page
          .getByRole('banner')
          .getByRole('link', { name: text(t.common, 'header.signIn') })
          .click();
        await page.getByRole('dialog', { name: text(t.auth, 'login.title') }).waitFor();
        await page.getByLabel(text(t.auth, 'login.phone')).waitFor();
      },
    },
    ...LIST_PAGES.map(([route, type]): Stop => ({
      route,
      open: async (page) => {
        await page.goto(route);
        await page.getByRole('heading', { name: text(t.catalogue, `lists.${type}`) }).waitFor();
        await waitForCards(page.locator('main'), route);
      },
    })),
    {
      route: '/login',
      open: async (page) => {
        await page.goto('/login');
        await page.getByRole('heading', { name: text(t.auth, 'login.title') }).waitFor();
      },
    },
    {
      route: '/register',
      open: async (page) => {
        await page.goto('/register');
        await page.getByRole('heading', { name: text(t.auth, 'register.title') }).waitFor();
      },
    },
    {
      route: '/support',
      open: async (page) => {
        await page.goto('/support');
        await page.getByRole('heading', { level: 1, name: text(t.support, 'title') }).waitFor();
      },
    },
    {
      route: '/support contact form with its errors',
      // Sent empty: every field says what is wrong, in the reader's language.
      open: async (page) => {
        await page.getByRole('button', { name: text(t.support, 'form.send'), exact: true }).click();
        await page.getByText(text(t.support, 'form.errors.nameRequired')).first().waitFor();
      },
    },
    ...(['about', 'terms', 'privacy', 'faq'] as const).map((key): Stop => ({
      route: `/${key}`,
      open: async (page) => {
        await page.goto(`/${key}`);
        await page.getByRole('heading', { level: 1, name: text(t.info, `${key}.title`) }).waitFor();
      },
    })),
    {
      route: '/saved',
      // A listing saved with its heart on home first: /saved lists it, with the prompt to sign in.
      open: async (page) => {
        await page.goto('/home');
        const carousel = page.getByTestId('carousel-Rent');
        await waitForCards(carousel, 'the Rent carousel');
        await carousel
          .getByRole('button', { name: text(t.common, 'favourites.save') })
          .first()
          .click();
        await page.goto('/saved');
        await page.getByRole('heading', { level: 1, name: text(t.saved, 'title') }).waitFor();
        await page.getByTestId('favourite-card').first().waitFor();
      },
    },
    {
      route: '/subscribe',
      open: async (page) => {
        await page.goto('/subscribe');
        await page.getByRole('heading', { name: text(t.checkout, 'subscribe.title') }).waitFor();
        await page
          .getByRole('link', { name: text(t.checkout, 'selectPlan') })
          .first()
          .waitFor();
      },
    },
    {
      route: '/plan/{days} step 1',
      open: async (page) => {
        await page.goto(`/plan/${subscriptionDays}`);
        await page.getByRole('heading', { name: text(t.auth, 'checkout.title') }).waitFor();
      },
    },
  ];
}
