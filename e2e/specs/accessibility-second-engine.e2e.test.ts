import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  PHONE_VIEWPORT,
  publicStops,
  sessionIn,
  textsOf,
  type Language,
  type Stop,
} from '../support/accessibility';
import { axeViolations, settleAnimations } from '../support/axe';
import { apiGet, type Session } from '../support/browser';
import { checkPage, type Exclusion, type Issue } from '../support/equal-access';
import { walkFocus } from '../support/focus-walk';
import { text } from '../support/locales';
import { expectToast } from '../support/toast';
import { newPerson } from '../support/sign-in';
import { waitForCode } from '../support/sms-outbox';

/*
 * The public pages, signing in and the checkout at 360 px, the width of the cheap Android phones
 * most visitors have, in English and in Kiswahili, scanned by two engines that disagree: IBM Equal
 * Access against its WCAG 2.2 A and AA policy, and axe-core with its WCAG 2.2 A and AA tags. Each
 * found what the other missed (IBM: the header logo's title on an image marked decorative, unnamed
 * toast icons, property cards without distinct names; none of which axe reports).
 *
 * What fails the run: every IBM result of level `violation` (a failure the engine proved), every
 * serious or critical axe violation, a page wider than the screen (1.4.10), and what a keyboard
 * walk of each page finds (support/focus-walk.ts): a focused element without a focus indicator
 * (2.4.7) or entirely hidden, under the sticky header or a toast (2.4.11).
 *
 * IBM's `potentialviolation` and `manual` results are questions the engine cannot answer alone
 * ("confirm the focused element is not covered", "check the focus indicator is visible"): they do
 * not fail the run, since most are not failures, but they are not hidden either. Each run writes
 * them, per language, to e2e/.tmp/equal-access-review-{language}.json and prints a count by rule.
 * Reviewed by a person when this spec was written: element_tabbable_unobscured,
 * element_tabbable_visible and style_focus_visible are what the keyboard walk now checks for real
 * (and it found two failures, fixed); input_label_visible is icon buttons named by aria-label,
 * with no visible text to match (2.5.3 holds); text_block_heading is prices and the home banner's
 * tagline under its h1, not headings; text_sensory_misuse is "a small fee", not an instruction;
 * style_color_misuse and style_highcontrast_visible point at whole style sheets.
 * `recommendation`s are good practice beyond WCAG and are left out.
 */

/**
 * IBM results a person checked and found not to be WCAG failures, each by rule and a narrow
 * selector (never a whole rule).
 */
const EXCLUSIONS: readonly Exclusion[] = [];

/** A payer the payment simulator never answers for: the PIN wait stays on screen. */
const SILENT_PAYER = '0700000003';

const reviewDir = fileURLToPath(new URL('../.tmp', import.meta.url));

interface Finding {
  route: string;
  /** IBM Equal Access, axe-core, or this spec's own keyboard walk and width check. */
  engine: 'ibm' | 'axe' | 'keyboard' | 'layout';
  rule: string;
  detail: string;
  where: string;
}

/** One line per page, engine, rule and message: where (the first element) and how many. */
function summarise(findings: Finding[]): string[] {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.route} [${finding.engine}] ${finding.rule}: ${finding.detail}`;
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  return [...groups].map(([key, [first, ...others]]) => {
    const more = others.length > 0 ? ` (and ${others.length} more)` : '';
    return `${key} → ${(first?.where ?? '').slice(0, 200)}${more}`;
  });
}

interface Review extends Issue {
  route: string;
}

interface Plan {
  id: string;
  durationInDays: number;
}

interface Listing {
  id: string;
  title: string;
}

/** The detail page route of each property type. */
const DETAIL_ROUTES = [
  ['Land', '/land'],
  ['Rent', '/lease'],
  ['Apartment', '/apartment'],
  ['HouseForSale', '/house-for-sale'],
] as const;

let subscriptionDays: number;
let listings: { type: string; route: string; listing: Listing }[];
beforeAll(async () => {
  const [plan] = await apiGet<Plan[]>('/api/subscription-plan');
  if (!plan) throw new Error('no subscription plans seeded');
  subscriptionDays = plan.durationInDays;
  listings = await Promise.all(
    DETAIL_ROUTES.map(async ([type, route]) => {
      const [listing] = await apiGet<Listing[]>(`/api/properties?type=${type}`);
      if (!listing) throw new Error(`the demo catalogue has no ${type} listings`);
      return { type, route, listing };
    }),
  );
});

describe.each(LANGUAGES)('accessibility at 360 px, two engines, in %s', (language: Language) => {
  const t = textsOf(language);
  let session: Session;
  const findings: Finding[] = [];
  const review: Review[] = [];

  /** Scans the page as it is now with both engines; `route` names it in the report. */
  async function scan(page: Page, route: string): Promise<void> {
    // The stored choice took effect: the page is in the language the report says.
    expect(await page.locator('html').getAttribute('lang'), route).toBe(language);
    // Nothing wider than the phone: a page that scrolls sideways fails 1.4.10 (reflow).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) {
      findings.push({
        route,
        engine: 'layout',
        rule: '1.4.10 reflow',
        detail: `the page is ${overflow} px wider than the ${PHONE_VIEWPORT.width} px screen`,
        where: 'html',
      });
    }
    await settleAnimations(page);
    for (const issue of await checkPage(page, EXCLUSIONS)) {
      if (issue.level === 'violation') {
        findings.push({
          route,
          engine: 'ibm',
          rule: issue.rule,
          detail: issue.message,
          where: `${issue.path} ${issue.snippet}`,
        });
      } else if (issue.level === 'potentialviolation' || issue.level === 'manual') {
        review.push({ route, ...issue });
      }
    }
    for (const violation of await axeViolations(page)) {
      findings.push({
        route,
        engine: 'axe',
        rule: violation.rule,
        detail: `(${violation.impact}) ${violation.help}`,
        where: violation.targets.join(' | '),
      });
    }
    for (const backwards of [false, true]) {
      for (const problem of await walkFocus(page, { backwards })) {
        findings.push({
          route,
          engine: 'keyboard',
          rule: problem.criterion,
          detail:
            problem.criterion === '2.4.7'
              ? `${backwards ? 'Shift+Tab' : 'Tab'}: no focus indicator`
              : `${backwards ? 'Shift+Tab' : 'Tab'}: focused element entirely hidden`,
          where: problem.what,
        });
      }
    }
  }

  async function visit(page: Page, stop: Stop): Promise<void> {
    await stop.open(page);
    await scan(page, stop.route);
  }

  beforeAll(async () => {
    session = await sessionIn(language, PHONE_VIEWPORT);
  });
  afterAll(async () => {
    await session?.close();
    mkdirSync(reviewDir, { recursive: true });
    writeFileSync(
      path.join(reviewDir, `equal-access-review-${language}.json`),
      `${JSON.stringify(review, null, 2)}\n`,
    );
    const byRule = new Map<string, number>();
    for (const issue of review) byRule.set(issue.rule, (byRule.get(issue.rule) ?? 0) + 1);
    if (byRule.size > 0) {
      console.info(
        `[${language}] IBM results for a person to review (e2e/.tmp/equal-access-review-${language}.json): ${[
          ...byRule,
        ]
          .map(([rule, count]) => `${rule} ×${count}`)
          .join(', ')}`,
      );
    }
  });

  it('public pages and the sign-in popover', { timeout: 120_000 }, async () => {
    const { page } = session;
    findings.length = 0;
    for (const stop of publicStops(t, subscriptionDays)) await visit(page, stop);
    expect(summarise(findings)).toEqual([]);
  });

  it(
    'checkout of an anonymous visitor, then a listing of each type',
    { timeout: 120_000 },
    async () => {
      const { page } = session;
      findings.length = 0;
      const person = newPerson('Asha', 'Mwakyusa');

      // Step 1: contact details, then the texted code.
      await page.goto(`/plan/${subscriptionDays}`);
      await page.getByRole('heading', { name: text(t.auth, 'checkout.title') }).waitFor();
      await page.getByLabel(text(t.auth, 'register.firstName')).fill(person.firstName);
      await page.getByLabel(text(t.auth, 'register.lastName')).fill(person.lastName);
      await page.getByLabel(text(t.auth, 'register.phone')).fill(person.phone);
      const since = new Date().toISOString();
      await page.getByRole('button', { name: text(t.auth, 'checkout.submit') }).click();
      const code = await waitForCode(person.phone, since);
      const codeField = page.getByLabel(text(t.auth, 'code.label'), { exact: true });
      await codeField.waitFor();
      await scan(page, '/plan/{days} step 1, code');
      await codeField.fill(code);
      await page.getByRole('button', { name: text(t.auth, 'code.submit'), exact: true }).click();

      // Step 2: payment, with the sign-in toast on screen (axe waits for its entrance to end).
      await page.getByText(text(t.checkout, 'steps.payment'), { exact: true }).first().waitFor();
      await expectToast(page, text(t.auth, 'toast.loginSuccess'));
      await page.getByLabel(text(t.checkout, 'form.phone')).waitFor();
      await scan(page, '/plan/{days} step 2');
      await page.getByLabel(text(t.checkout, 'form.provider')).selectOption('mpesa');
      await page.getByLabel(text(t.checkout, 'form.phone')).fill(SILENT_PAYER);
      await page.getByRole('button', { name: text(t.checkout, 'form.pay').split('{{')[0] }).click();
      await page.getByRole('heading', { name: text(t.checkout, 'wait.title') }).waitFor();
      await scan(page, '/plan/{days} PIN wait');

      // Signed in by the checkout: a listing of each type (detail pages are for signed-in visitors).
      for (const { route, listing } of listings) {
        await page.goto(`${route}/${listing.id}`);
        await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
        await scan(page, `${route}/{id}`);
      }

      expect(summarise(findings)).toEqual([]);
    },
  );
});
