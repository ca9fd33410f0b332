import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * IBM Equal Access (accessibility-checker-engine), a second accessibility engine beside axe-core:
 * its rules are written independently of axe's, so each finds what the other misses. The engine is
 * the package's browser build, ace.js, evaluated in the page as @axe-core/playwright evaluates
 * axe's source (page.evaluate is not subject to the app's CSP, which forbids inline scripts). Its
 * rules are inside that file: nothing is fetched at run time (IBM's Node wrapper,
 * accessibility-checker, downloads rule archives from the internet, so it is not used).
 */

const aceSource = readFileSync(
  createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js'),
  'utf8',
);

/** The engine's policy for WCAG 2.2 levels A and AA (archives.json of the package). */
export const WCAG_2_2 = 'WCAG_2_2';

/**
 * How sure the engine is, per its report: `violation` is a failure it proved; the `potential…`
 * levels and `manual` are things it could not decide and asks a person to confirm;
 * `recommendation`s are good practice beyond the standard.
 */
export type Level =
  'violation' | 'potentialviolation' | 'recommendation' | 'potentialrecommendation' | 'manual';

export interface Issue {
  rule: string;
  reason: string;
  level: Level;
  message: string;
  /** XPath of the element, as the engine reports it. */
  path: string;
  snippet: string;
}

/**
 * A finding a person checked and found not to be a WCAG failure: dropped only for `rule` on an
 * element matching `selector` (a narrow one), never for the whole rule. `why` says what they saw.
 */
export interface Exclusion {
  rule: string;
  selector: string;
  why: string;
}

/**
 * Runs the engine on the page as it is now with `policy` and returns every result that is not a
 * pass, less the excluded ones.
 */
export async function checkPage(
  page: Page,
  exclusions: readonly Exclusion[] = [],
  policy: string = WCAG_2_2,
): Promise<Issue[]> {
  if (!(await page.evaluate(() => 'ace' in window))) await page.evaluate(aceSource);
  return page.evaluate(
    async ({ policy, exclusions }) => {
      type Result = {
        ruleId: string;
        reasonId: string | number;
        value: [string, string];
        message: string;
        path: { dom: string };
        snippet: string;
        node?: Node;
      };
      const ace = (
        window as unknown as {
          ace: {
            Checker: new () => {
              check: (node: Document, policies: string[]) => Promise<{ results: Result[] }>;
            };
          };
        }
      ).ace;
      const report = await new ace.Checker().check(document, [policy]);
      // value = [VIOLATION | RECOMMENDATION | INFORMATION, PASS | FAIL | POTENTIAL | MANUAL].
      const levelOf = ([kind, outcome]: [string, string]): string => {
        if (outcome === 'PASS') return 'pass';
        if (outcome === 'MANUAL') return 'manual';
        const potential = outcome === 'POTENTIAL' ? 'potential' : '';
        if (kind === 'VIOLATION') return `${potential}violation`;
        if (kind === 'RECOMMENDATION') return `${potential}recommendation`;
        return 'information';
      };
      const elementAt = (xpath: string): Element | null => {
        const found = document.evaluate(
          xpath,
          document,
          null,
          XPathResult.FIRST_ORDERED_NODE_TYPE,
          null,
        ).singleNodeValue;
        return found instanceof Element ? found : null;
      };
      return report.results
        .map((result) => ({ result, level: levelOf(result.value) }))
        .filter(({ level }) => level !== 'pass' && level !== 'information')
        .filter(({ result }) => {
          const element = result.node instanceof Element ? result.node : elementAt(result.path.dom);
          return !exclusions.some(
            (exclusion) =>
              exclusion.rule === result.ruleId && element?.matches(exclusion.selector) === true,
          );
        })
        .map(({ result, level }) => ({
          rule: result.ruleId,
          reason: String(result.reasonId),
          level: level as Level,
          message: result.message,
          path: result.path.dom,
          snippet: result.snippet,
        }));
    },
    { policy, exclusions: exclusions.map(({ rule, selector }) => ({ rule, selector })) },
  );
}
