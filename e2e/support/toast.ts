import type { Page } from 'playwright-core';

/** Waits for a toast (react-toastify renders each as role=alert) carrying the message. */
export async function expectToast(page: Page, message: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: message }).first().waitFor();
}
