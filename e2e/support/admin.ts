import { inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fill, messages, text } from './locales';

/**
 * Fills the admin login form (the page must show it, e.g. after goto('/admin')) as the e2e admin
 * (created by the app from ADMIN_USERNAME/PASSWORD) and waits for the dashboard.
 */
export async function signInAsAdminOnPage(
  page: Page,
  admin: ReturnType<typeof messages> = messages('en', 'admin'),
): Promise<void> {
  const { username, password } = inject('admin');
  await page.getByLabel(text(admin, 'login.username')).fill(username);
  await page.getByLabel(text(admin, 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(admin, 'login.submit'), exact: true }).click();
  await page.waitForURL('**/admin/dashboard');
}

/**
 * The moderation-queue row of the pending listing with this title. Matched by the row's own approve
 * button: other rows can carry the title too, e.g. in a "possible duplicate photos" link.
 */
export function pendingRow(
  page: Page,
  title: string,
  admin: ReturnType<typeof messages> = messages('en', 'admin'),
): Locator {
  return page.getByRole('row').filter({
    has: page.getByRole('button', {
      name: fill(text(admin, 'properties.approveItem'), { title }),
      exact: true,
    }),
  });
}
