import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { messages, text } from './locales';

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
