import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe-core's tags for WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits for the page's finite animations to end. A toast still fading in has the contrast of its
 * first frames, not of what a person reads; endless ones (spinners) never end and are left alone.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        // A cancelled animation rejects `finished`: it is over all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Scans the page with axe-core once its animations have ended: its violations of impact serious
 * or critical.
 */
export async function axeViolations(
  page: Page,
  tags: string[] = WCAG_TAGS,
): Promise<AxeViolation[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(tags)
    // Only violations count: axe need not collect the nodes of every passing rule.
    .options({ resultTypes: ['violations'] })
    // axe.run in the page itself: the app has no iframes, so the default (partial runs finished
    // in a fresh blank page, for cross-origin frames) only costs a page per scan.
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
