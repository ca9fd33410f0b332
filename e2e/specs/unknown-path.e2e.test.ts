import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { pathname } from '../support/catalogue';
import { until } from '../support/until';

describe('unknown paths', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('redirects to /home', async () => {
    const { page } = session;
    const response = await page.goto('/no/such/page?x=1');
    // The server itself sends the visitor home (spec 2): a redirect, not a page that says 200.
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(302);
    expect(redirect?.url()).toBe(`${baseUrl()}/no/such/page?x=1`);
    expect(response?.status()).toBe(200);
    await until(() => (pathname(page) === '/home' ? true : undefined), 'the /home redirect');
    await page.getByTestId('carousel-Rent').waitFor();
    await screenshot(page, 'unknown-path');
  });

  it('redirects / to /home', async () => {
    const { page } = session;
    const response = await page.goto('/');
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
    expect(pathname(page)).toBe('/home');
    await page.getByTestId('carousel-Rent').waitFor();
  });
});
