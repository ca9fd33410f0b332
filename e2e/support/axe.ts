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

/** Scans the page as it is now with axe-core: its violations of impact serious or critical. */
export async function axeViolations(
  page: Page,
  tags: string[] = WCAG_TAGS,
): Promise<AxeViolation[]> {
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
