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

/** Entrances and transitions last less; a toast's 5 s countdown more. */
const ENTRANCE_MS = 2_000;

/**
 * Waits for the page's entrances and transitions (at most ENTRANCE_MS long) to end. A toast still
 * fading in has the contrast of its first frames, not of what a person reads. Longer ones are
 * left alone: a spinner never ends, and a toast's countdown bar ends only to start its exit.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(
    (entranceMs) =>
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) => Number(animation.effect?.getComputedTiming().endTime) <= entranceMs,
          )
          // A cancelled animation rejects `finished`: it is over all the same.
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    ENTRANCE_MS,
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
