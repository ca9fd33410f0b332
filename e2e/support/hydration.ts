import type { Locator } from 'playwright-core';
import { until } from './until';

/**
 * Waits until React has hydrated the element the server rendered: its props, event handlers
 * among them, are on the node (React keeps them under a `__reactProps$…` key). Before that a
 * server-rendered button is only markup, and a click on it does nothing.
 */
export async function waitForHydration(element: Locator, what: string): Promise<void> {
  await element.waitFor();
  await until(
    async () =>
      (await element.evaluate((node) =>
        Object.keys(node).some((key) => key.startsWith('__reactProps$')),
      ))
        ? true
        : undefined,
    `${what} to be hydrated`,
  );
}

/** Clicks a server-rendered control once React has hydrated it: before, the click does nothing. */
export async function clickOnceHydrated(element: Locator, what: string): Promise<void> {
  await waitForHydration(element, what);
  await element.click();
}
