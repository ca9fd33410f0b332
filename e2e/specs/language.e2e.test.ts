import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, screenshot, type Session } from '../support/browser';
import { waitForHydration } from '../support/hydration';
import { messages, text } from '../support/locales';

const en = { common: messages('en', 'common'), catalogue: messages('en', 'catalogue') };
const sw = { common: messages('sw', 'common'), catalogue: messages('sw', 'catalogue') };

describe('language switch', () => {
  let session: Session;
  beforeAll(async () => {
    // An English browser: the app starts in English, the visitor picks Kiswahili.
    session = await openSession({ locale: 'en-US' });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('switches visible labels to Kiswahili and keeps them after a reload', async () => {
    const { page } = session;
    const signInEn = text(en.common, 'header.signIn');
    const signInSw = text(sw.common, 'header.signIn');
    const searchEn = text(en.catalogue, 'search.submit');
    const searchSw = text(sw.catalogue, 'search.submit');
    expect(signInSw).not.toBe(signInEn);
    expect(searchSw).not.toBe(searchEn);

    await page.goto('/lease');
    await page.getByRole('heading', { name: text(en.catalogue, 'lists.Rent') }).waitFor();
    await page.getByText(signInEn, { exact: true }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    // The server's markup: a link to the page in Kiswahili, which the app takes over once it has
    // hydrated it, switching in place without loading a page.
    const switchToSwahili = page.getByTestId('language-switch').getByRole('link', { name: 'SW' });
    expect(await switchToSwahili.getAttribute('href')).toBe('/lease?lang=sw');
    await waitForHydration(switchToSwahili, 'the language switch');
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });
    await switchToSwahili.click();
    const swahiliVisible = async () => {
      await page.getByRole('heading', { name: text(sw.catalogue, 'lists.Rent') }).waitFor();
      await page.getByText(signInSw, { exact: true }).first().waitFor();
      await page.getByRole('button', { name: searchSw, exact: true }).waitFor();
      expect(await page.getByText(signInEn, { exact: true }).count()).toBe(0);
      expect(await page.locator('html').getAttribute('lang')).toBe('sw');
    };
    await swahiliVisible();
    expect(navigations).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
    expect(await switchToSwahili.getAttribute('aria-current')).toBe('true');
    await screenshot(page, 'language-swahili');

    // The choice is kept where the server reads it: the reloaded page comes in Kiswahili.
    const cookie = (await session.context.cookies()).find(({ name }) => name === 'makazi_lang');
    expect(cookie?.value).toBe('sw');
    const reloaded = await page.reload();
    expect(await reloaded?.text()).toMatch(/^<!doctype html>\s*<html lang="sw"/i);
    await swahiliVisible();
  });
});
