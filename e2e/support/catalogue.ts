import type { Locator, Page } from 'playwright-core';
import { until } from './until';

/** Listing ids of the cards inside `scope`, read from their links (/lease/<id> …). */
export async function cardIds(scope: Locator): Promise<string[]> {
  const hrefs = await scope
    .getByTestId('property-card')
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.split('/').pop() ?? '');
}

/** The TZS prices the cards inside `scope` carry in data-price, in page order. */
export async function cardPrices(scope: Locator): Promise<number[]> {
  const raw = await scope
    .getByTestId('property-price')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-price') ?? ''));
  return raw.map(Number);
}

/** Waits until `scope` shows at least one card and returns how many. */
export async function waitForCards(scope: Locator, what: string): Promise<number> {
  return until(async () => {
    const count = await scope.getByTestId('property-card').count();
    return count > 0 ? count : undefined;
  }, `cards in ${what}`);
}

export function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}
