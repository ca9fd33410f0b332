import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSession, screenshot, type Session } from '../support/browser';
import { messages, text } from '../support/locales';
import { toE164, uniquePhone } from '../support/sms-outbox';

/*
 * The footer's pages on a 360px phone, in Kiswahili and in English: each opens from its footer
 * link with its own heading and title, and nothing makes the page scroll sideways. A message sent
 * through the contact form on /support then waits in the admin's Support messages page, which
 * fits the phone too.
 */

const PHONE = { width: 360, height: 740 };
const LANGUAGES = ['sw', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

function textsOf(language: Language) {
  return {
    common: messages(language, 'common'),
    info: messages(language, 'info'),
    support: messages(language, 'support'),
    admin: messages(language, 'admin'),
  };
}

/** A phone-sized browser whose visitor chose `language` in the header switch. */
async function phoneSession(language: Language): Promise<Session> {
  const session = await openSession({ locale: language === 'sw' ? 'sw-TZ' : 'en-US' });
  await session.context.addInitScript((chosen) => {
    window.localStorage.setItem('makazi.language', chosen);
  }, language);
  await session.page.setViewportSize(PHONE);
  return session;
}

/** How far the page reaches past the window's right edge, once the web font has settled. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const root = document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

describe.each(LANGUAGES)('the footer pages on a phone in %s', (language) => {
  const t = textsOf(language);
  let session: Session;
  beforeAll(async () => {
    session = await phoneSession(language);
  });
  afterAll(async () => {
    await session?.close();
  });

  const pages = [
    { link: 'footer.about', heading: text(t.info, 'about.title'), path: '/about' },
    { link: 'footer.terms', heading: text(t.info, 'terms.title'), path: '/terms' },
    { link: 'footer.privacy', heading: text(t.info, 'privacy.title'), path: '/privacy' },
    { link: 'footer.faq', heading: text(t.info, 'faq.title'), path: '/faq' },
    { link: 'footer.support', heading: text(t.support, 'title'), path: '/support' },
  ];

  it.each(pages)(
    '$path opens from the footer and fits the width',
    async ({ link, heading, path }) => {
      const { page } = session;
      await page.goto('/home');
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: text(t.common, link), exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.title()).toBe(heading);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) await screenshot(page, `info-${language}-${path.slice(1)}`);
      expect(overflow, `${path} scrolls sideways`).toBe(0);
    },
  );

  it('opens an FAQ answer without widening the page', async () => {
    const { page } = session;
    await page.goto('/faq');
    const question = page.getByText(text(t.info, 'faq.questions.refund.question'), { exact: true });
    await question.click();
    await page
      .getByText(text(t.info, 'faq.questions.refund.answer').slice(0, 30))
      .waitFor({ state: 'visible' });
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  it('sends Feedback to the contact form, and Features to its section of About', async () => {
    const { page } = session;
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await footer
      .getByRole('link', { name: text(t.common, 'footer.feedback'), exact: true })
      .click();
    const form = page.getByRole('heading', { level: 2, name: text(t.support, 'form.title') });
    await form.waitFor();
    expect(new URL(page.url()).hash).toBe('#contact');
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(await form.evaluate((node) => node.getBoundingClientRect().top)).toBeLessThan(
      PHONE.height,
    );

    await footer
      .getByRole('link', { name: text(t.common, 'footer.features'), exact: true })
      .click();
    const features = page.getByRole('heading', {
      level: 2,
      name: text(t.info, 'about.features.title'),
    });
    await features.waitFor();
    expect(new URL(page.url()).hash).toBe('#features');
    await expect
      .poll(() => features.evaluate((node) => node.getBoundingClientRect().top))
      .toBeLessThan(PHONE.height);
  });
});

describe('a message through the contact form', () => {
  const sw = textsOf('sw');
  const en = textsOf('en');
  const sender = `Mwanaidi Kombo ${Date.now() % 100_000}`;
  const phone = uniquePhone();
  const body = 'Mtu ameniomba nilipe amana kabla ya kuona nyumba. Je, ni utapeli?';
  let visitor: Session;
  let admin: Session;
  beforeAll(async () => {
    [visitor, admin] = await Promise.all([phoneSession('sw'), phoneSession('en')]);
  });
  afterAll(async () => {
    await Promise.all([visitor?.close(), admin?.close()]);
  });

  it('shows the problems in Swahili, then reaches the admin’s Support messages page', async () => {
    const { page } = visitor;
    await page.goto('/support');
    await page.getByRole('heading', { level: 2, name: text(sw.support, 'form.title') }).waitFor();
    const send = page.getByRole('button', { name: text(sw.support, 'form.send'), exact: true });

    // Sent empty: each problem under its field, in the reader's language.
    await send.click();
    await page.getByText(text(sw.support, 'form.errors.nameRequired'), { exact: true }).waitFor();
    await page
      .getByText(text(sw.support, 'form.errors.contactRequired'), { exact: true })
      .waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);

    await page.getByLabel(text(sw.support, 'form.name'), { exact: true }).fill(sender);
    await page.getByLabel(text(sw.support, 'form.phone'), { exact: true }).fill(phone);
    await page
      .getByLabel(text(sw.support, 'form.topic'), { exact: true })
      .selectOption({ label: text(sw.support, 'form.topics.scam') });
    await page.getByLabel(text(sw.support, 'form.message'), { exact: true }).fill(body);
    await send.click();
    await page.getByText(text(sw.support, 'form.sent'), { exact: true }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);

    const { page: desk } = admin;
    const { username, password } = inject('admin');
    await desk.goto('/admin');
    await desk.getByLabel(text(en.admin, 'login.username')).fill(username);
    await desk.getByLabel(text(en.admin, 'login.password'), { exact: true }).fill(password);
    await desk.getByRole('button', { name: text(en.admin, 'login.submit'), exact: true }).click();
    await desk.waitForURL('**/admin/dashboard');
    await desk.goto('/admin/support');
    await desk.getByRole('heading', { level: 1, name: text(en.admin, 'support.title') }).waitFor();
    const card = desk.getByRole('listitem').filter({ hasText: sender });
    await card.waitFor();
    expect(await card.textContent()).toContain(body);
    expect(await card.textContent()).toContain(text(en.admin, 'support.topics.scam'));
    expect(await card.getByRole('link', { name: toE164(phone) }).count()).toBe(1);
    const overflow = await sidewaysOverflow(desk);
    if (overflow > 0) await screenshot(desk, 'info-admin-support');
    expect(overflow, '/admin/support scrolls sideways').toBe(0);

    // Closed, it leaves the open list for the closed one.
    await card
      .getByRole('button', {
        name: text(en.admin, 'support.closeItem').replace('{{name}}', sender),
      })
      .click();
    await card.waitFor({ state: 'detached' });
    await desk.getByRole('tab', { name: text(en.admin, 'support.closed'), exact: true }).click();
    await desk.getByRole('listitem').filter({ hasText: sender }).waitFor();
  });
});
