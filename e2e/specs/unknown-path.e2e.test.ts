import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, screenshot, type Session } from '../support/browser';
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
    // The server answers with the app shell; the app then sends the visitor home.
    expect(response?.status()).toBe(200);
    await until(() => (pathname(page) === '/home' ? true : undefined), 'the /home redirect');
    await page.getByTestId('carousel-Rent').waitFor();
    await screenshot(page, 'unknown-path');
  });
});
