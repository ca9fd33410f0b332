import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingRow, signInAsAdminOnPage } from '../support/admin';
import { apiGet, baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { clientAddress, forwardedFor } from '../support/client-address';
import { publishRentThroughApi } from '../support/listings';
import { messages, text } from '../support/locales';
import { newPerson, registerThroughApi, tokensThroughApi, type Person } from '../support/sign-in';
import { until } from '../support/until';

/*
 * Every admin page on a 360px phone and a 1280px laptop, in English and in Kiswahili (the longer
 * words): the page never scrolls sideways, nothing is left as empty scroll under it, and every
 * control can be clicked where it is drawn (not covered by the top bar, not cut off by the drawer
 * or by a box the admin cannot scroll).
 */

const SCREENS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;
const LANGUAGES = ['en', 'sw'] as const;
const CASES = SCREENS.flatMap((screen) => LANGUAGES.map((language) => ({ ...screen, language })));

/** The admin's URL segment of each listing type (as in PROPERTY_TYPE_SLUGS). */
const SLUGS = {
  Land: 'land',
  Rent: 'lease',
  Apartment: 'apartment',
  HouseForSale: 'house-for-sale',
};
type Type = keyof typeof SLUGS;

interface Fixture {
  owner: Person;
  ownerId: string;
  /** The owner's house for rent, awaiting review: its page shows Approve and Disapprove. */
  pending: { id: string; title: string };
  /** A demo listing of every other type. */
  listings: Record<Exclude<Type, 'Rent'>, { id: string; title: string }>;
  /** The sender of a long message through the contact form, for the support inbox. */
  supportSender: string;
  /** The demo listing the owner reported, with a long note, for the reports queue. */
  reported: { id: string; title: string };
}

async function demoListing(type: Type): Promise<{ id: string; title: string }> {
  const [listing] = await apiGet<{ id: string; title: string }[]>(`/api/properties?type=${type}`);
  if (!listing) throw new Error(`the demo catalogue has no ${type} listings`);
  return listing;
}

/** A subscription payment from the owner, so the financial records have a row to lay out. */
async function payment(tokens: { access_token: string; sub: string }, phone: string) {
  const [plan] = await apiGet<{ id: string }[]>('/api/subscription-plan');
  const response = await fetch(`${baseUrl()}/api/subscription/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userId: tokens.sub,
      planId: plan?.id,
      phoneNumber: phone,
      provider: 'airtelmoney',
      idempotencyKey: crypto.randomUUID(),
    }),
  });
  if (response.status !== 202) throw new Error(`subscription: HTTP ${response.status}`);
}

/** A message through the contact form, long words included, as a visitor sends it. */
async function supportMessage(owner: Person): Promise<string> {
  const sender = `${owner.firstName} ${owner.lastName}`;
  const response = await fetch(`${baseUrl()}/api/support/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...forwardedFor(clientAddress()) },
    body: JSON.stringify({
      name: sender,
      phone: owner.phone,
      email: 'mwanahawa.kiwelu.mbezi.beach@example.co.tz',
      topic: 'payment',
      message:
        'Nimelipa kwa M-Pesa lakini usajili haujaanza. Kumbukumbu: TXN-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.\nTafadhali nisaidieni.',
    }),
  });
  if (response.status !== 201) throw new Error(`support message: HTTP ${response.status}`);
  return sender;
}

/** A report of someone else's listing, with a long note, as a signed-in person sends it. */
async function report(owner: Person, token: string, propertyId: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/properties/${propertyId}/reports`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...forwardedFor(owner.address),
    },
    body: JSON.stringify({
      reason: 'other',
      note: 'Nilipiga simu mara tatu na mwenye nyumba aliniambia nilipe ada ya usajili kwanza kupitia namba isiyo yake: TXN-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.',
    }),
  });
  if (response.status !== 201) throw new Error(`report: HTTP ${response.status}`);
}

async function prepare(): Promise<Fixture> {
  const owner = newPerson('Mwanahawa', 'Kiwelu');
  await registerThroughApi(owner);
  const tokens = await tokensThroughApi(owner);
  const title = `Mikocheni ${Date.now() % 100_000}`;
  const id = await publishRentThroughApi(tokens.access_token, title);
  await payment(tokens, owner.phone);
  const supportSender = await supportMessage(owner);
  const [Land, Apartment, HouseForSale] = await Promise.all([
    demoListing('Land'),
    demoListing('Apartment'),
    demoListing('HouseForSale'),
  ]);
  await report(owner, tokens.access_token, Land.id);
  return {
    owner,
    ownerId: tokens.sub,
    pending: { id, title },
    listings: { Land, Apartment, HouseForSale },
    supportSender,
    reported: Land,
  };
}

/**
 * Waits for the web font (the fallback is narrower, and would hide a line that is too long) and
 * for every running transition (the drawer's width, a chip's fade) to finish.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(['400 1em Lato', '700 1em Lato'].map((font) => document.fonts.load(font)));
    await document.fonts.ready;
    await Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => null)),
    );
  });
}

/**
 * What is wrong with the page as it is drawn now, in words. Runs in the page: each control is
 * scrolled into view the way a person would bring it on screen, then hit-tested at its centre.
 */
function layoutProblems(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const root = document.documentElement;
    const name = (element: Element | null): string => {
      if (!element) return 'nothing';
      const label =
        element.getAttribute('aria-label') ||
        (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].filter((c) => /^Mui[A-Z]/.test(c)).slice(0, 2);
      return `<${element.tagName.toLowerCase()}${id}${classes.map((c) => `.${c}`).join('')}> "${label}"`;
    };
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible';
    };
    /** The box an ancestor shows its content in (inside its borders and scrollbars). */
    const clipBox = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const left = rect.left + element.clientLeft;
      const top = rect.top + element.clientTop;
      return { left, top, right: left + element.clientWidth, bottom: top + element.clientHeight };
    };
    /** The union of the control's drawn text, leaving out text it hides on purpose (opacity 0). */
    const textBox = (control: Element) => {
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      let box: { left: number; top: number; right: number; bottom: number } | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!(node.textContent ?? '').replace(/[\s\u200b]/g, '')) continue;
        let hidden = false;
        for (
          let at = node.parentElement;
          at && at !== control.parentElement;
          at = at.parentElement
        ) {
          const style = getComputedStyle(at);
          if (style.opacity === '0' || style.visibility === 'hidden') hidden = true;
        }
        if (hidden) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0) continue;
        box = box
          ? {
              left: Math.min(box.left, rect.left),
              top: Math.min(box.top, rect.top),
              right: Math.max(box.right, rect.right),
              bottom: Math.max(box.bottom, rect.bottom),
            }
          : { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      }
      return box;
    };
    const outside = (
      inner: { left: number; top: number; right: number; bottom: number },
      outer: { left: number; top: number; right: number; bottom: number },
    ) =>
      inner.left < outer.left - 1 ||
      inner.right > outer.right + 1 ||
      inner.top < outer.top - 1 ||
      inner.bottom > outer.bottom + 1;

    if (root.scrollWidth > root.clientWidth) {
      problems.push(
        `the page scrolls sideways: ${root.scrollWidth}px wide in a ${root.clientWidth}px window`,
      );
    }

    // Empty scroll: the document reaches further down than the page's content and padding.
    const main = document.querySelector('main');
    const content = main?.lastElementChild;
    if (main && content) {
      const bottom =
        content.getBoundingClientRect().bottom +
        window.scrollY +
        parseFloat(getComputedStyle(main).paddingBottom);
      const empty = root.scrollHeight - Math.max(root.clientHeight, Math.ceil(bottom));
      if (empty > 1) problems.push(`${empty}px of empty scroll under the page`);
    }

    const selector =
      'a[href], button, [role="tab"], [role="button"], [role="combobox"], [role="checkbox"], input:not([type="hidden"]), select, textarea';
    const controls = [...document.querySelectorAll(scope)].flatMap((part) => [
      ...part.querySelectorAll<HTMLElement>(selector),
    ]);
    for (const control of controls) {
      // Not for people: hidden from everyone, or switched off (it takes no clicks by design).
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      if (control.matches(':disabled, [aria-disabled="true"]')) continue;
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      const before = control.getBoundingClientRect();
      if (before.width === 0 || before.height === 0) continue;

      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const ancestors: Element[] = [];
      for (let at = control.parentElement; at && at !== root; at = at.parentElement) {
        if (at !== document.body) ancestors.push(at);
      }
      /** Boxes scrolled where no person would scroll them: put back once the control is tried. */
      const unnatural: Element[] = [];
      for (const ancestor of ancestors) {
        const style = getComputedStyle(ancestor);
        const unscrollable = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
        // scrollIntoView also scrolls boxes with overflow hidden, which no finger or wheel can.
        if (
          (unscrollable(style.overflowX) && ancestor.scrollLeft !== 0) ||
          (unscrollable(style.overflowY) && ancestor.scrollTop !== 0)
        ) {
          problems.push(`${name(control)} lies beyond the edge of ${name(ancestor)}`);
          unnatural.push(ancestor);
        } else if (
          ancestor.scrollLeft !== 0 &&
          // Only a table (in its container) and a tab strip (with its scroll arrows) may hold
          // controls a sideways scroll away.
          !ancestor.querySelector(':scope > table, :scope > [role="tablist"]')
        ) {
          problems.push(`${name(control)} needs a sideways scroll inside ${name(ancestor)}`);
          unnatural.push(ancestor);
        }
      }
      const putBack = () => {
        for (const ancestor of unnatural) {
          ancestor.scrollLeft = 0;
          ancestor.scrollTop = 0;
        }
      };

      const rect = control.getBoundingClientRect();
      // A link that wraps is drawn as a box per line: aim at the widest, as a person would.
      const aim = [...control.getClientRects()].reduce((widest, line) =>
        line.width * line.height > widest.width * widest.height ? line : widest,
      );
      const x = aim.left + aim.width / 2;
      const y = aim.top + aim.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || (hit !== control && !control.contains(hit))) {
        problems.push(`${name(control)} is covered at its centre by ${name(hit)}`);
        putBack();
        continue;
      }
      const screen = { left: 0, top: 0, right: root.clientWidth, bottom: root.clientHeight };
      const text = textBox(control);
      for (const [what, box] of [
        ['the control', rect],
        ['its text', text],
      ] as const) {
        if (!box) continue;
        if (outside(box, screen)) {
          const span = `${Math.round(box.left)}..${Math.round(box.right)}px`;
          problems.push(`${what} of ${name(control)} runs off the screen (${span})`);
          break;
        }
        const clipper = ancestors.find(
          (ancestor) => clips(ancestor) && outside(box, clipBox(ancestor)),
        );
        if (clipper) {
          problems.push(`${what} of ${name(control)} is cut off by ${name(clipper)}`);
          break;
        }
      }
      putBack();
    }
    window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    return problems;
  }, within);
}

function drawerState(page: Page): Promise<string | null> {
  return page.locator('#admin-drawer').getAttribute('data-open');
}

/** A real mouse click at the centre of what is drawn, as a person aims: no synthetic event. */
async function clickWhereDrawn(page: Page, name: string): Promise<void> {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  if (!box) throw new Error(`${name} is not drawn`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function drawerBecomes(page: Page, open: boolean, after: string): Promise<void> {
  await until(
    async () => ((await drawerState(page)) === String(open) ? true : undefined),
    `the drawer to be ${open ? 'open' : 'closed'} after a click on ${after}`,
    { timeoutMs: 5_000 },
  );
  await settled(page);
}

let fixture: Fixture;
beforeAll(async () => {
  fixture = await prepare();
}, 90_000);

describe.each(CASES)('the admin area on a $name ($width px) in $language', (screenCase) => {
  const { name, width, height, language } = screenCase;
  const admin = messages(language, 'admin');
  let session: Session;
  beforeAll(async () => {
    session = await openSession({ locale: language === 'sw' ? 'sw-TZ' : 'en-US' });
    // The visitor's stored language choice, as the header's switch leaves it.
    await session.context.addInitScript((chosen) => {
      window.localStorage.setItem('makazi.language', chosen);
    }, language);
    await session.page.setViewportSize({ width, height });
  });
  afterAll(async () => {
    await session?.close();
  });

  /**
   * Waits for `ready`, then returns what does not fit, each line named by `label`; only the
   * controls inside `within` are tried.
   */
  async function check(
    label: string,
    ready: () => Promise<void>,
    within?: string,
  ): Promise<string[]> {
    const { page } = session;
    await ready();
    await settled(page);
    const problems = await layoutProblems(page, within);
    if (problems.length > 0) {
      await screenshot(page, `admin-${name}-${language}-${label.replace(/\W+/g, '-')}`);
    }
    return problems.map((problem) => `${label}: ${problem}`);
  }

  it('fits every page to the width, with every control within reach', async () => {
    const { page } = session;
    const { owner, ownerId, pending, listings, supportSender, reported } = fixture;
    const findings: string[] = [];
    const heading = (key: string) => page.getByRole('heading', { name: text(admin, key) });

    await page.goto('/admin');
    findings.push(...(await check('/admin', () => heading('login.title').waitFor())));
    await signInAsAdminOnPage(page, admin);

    findings.push(
      ...(await check('/admin/dashboard', async () => {
        await heading('dashboard.chartTitle').waitFor();
      })),
    );

    await page.goto(`/admin/property?type=Rent&q=${encodeURIComponent(pending.title)}`);
    findings.push(
      ...(await check('/admin/property', async () => {
        await heading('properties.title').waitFor();
        await pendingRow(page, pending.title, admin).waitFor();
      })),
    );

    // More rows than a page: the pager's arrows are live controls too.
    await page.goto('/admin/property?type=Land&status=approved&pageSize=10');
    findings.push(
      ...(await check('/admin/property, two pages', async () => {
        await heading('properties.title').waitFor();
        await page.getByRole('row').nth(10).waitFor();
      })),
    );

    const pages: [Type, { id: string; title: string }][] = [
      ['Rent', pending],
      ['Land', listings.Land],
      ['Apartment', listings.Apartment],
      ['HouseForSale', listings.HouseForSale],
    ];
    for (const [type, listing] of pages) {
      await page.goto(`/admin/${SLUGS[type]}/${listing.id}`);
      findings.push(
        ...(await check(`/admin/${SLUGS[type]}/{id}`, async () => {
          await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
        })),
      );
    }

    await page.goto('/admin/reports');
    findings.push(
      ...(await check('/admin/reports', async () => {
        await heading('reports.title').waitFor();
        await page.getByRole('listitem', { name: reported.title, exact: true }).waitFor();
      })),
    );

    for (const path of ['/admin/users', '/admin/permisions']) {
      await page.goto(`${path}?q=${encodeURIComponent(owner.lastName)}`);
      findings.push(
        ...(await check(path, async () => {
          await heading('users.title').waitFor();
          await page.getByRole('row').filter({ hasText: owner.lastName }).first().waitFor();
        })),
      );
    }

    await page.goto(`/admin/users/${ownerId}`);
    findings.push(
      ...(await check('/admin/users/{id}', async () => {
        await heading('user.title').waitFor();
        await page.getByText(pending.title).first().waitFor();
      })),
    );

    await page.goto('/admin/finance');
    findings.push(
      ...(await check('/admin/finance', async () => {
        await heading('finance.title').waitFor();
        await page.getByRole('row').filter({ hasText: owner.lastName }).first().waitFor();
      })),
    );

    await page.goto('/admin/support');
    findings.push(
      ...(await check('/admin/support', async () => {
        await heading('support.title').waitFor();
        await page.getByRole('listitem').filter({ hasText: supportSender }).first().waitFor();
      })),
    );

    expect(findings).toEqual([]);
  });

  it('collapses and opens the drawer by a click where its buttons are drawn', async () => {
    const { page } = session;
    const close = text(admin, 'layout.closeMenu');
    const open = text(admin, 'layout.openMenu');
    await page.goto('/admin/finance');
    const signIn = page.getByRole('heading', { name: text(admin, 'login.title') });
    const finance = page.getByRole('heading', { name: text(admin, 'finance.title') });
    // Signed in already when the test before ran in this session; on its own, not yet.
    await signIn.or(finance).waitFor();
    if (await signIn.isVisible()) {
      await signInAsAdminOnPage(page, admin);
      await page.goto('/admin/finance');
    }
    await finance.waitFor();
    await settled(page);
    // Phones start with the drawer closed, laptops with it open.
    expect(await drawerState(page)).toBe(String(width > 480));
    if (width <= 480) {
      await clickWhereDrawn(page, open);
      await drawerBecomes(page, true, open);
    }
    // Open, the drawer may lie over the page (on a phone, a click on the page closes it), but its
    // own entries and the top bar must be whole and within reach, and the page must not widen.
    const findings = await check(
      `/admin/finance, drawer open`,
      async () => {
        await page.getByRole('link', { name: text(admin, 'nav.finance') }).waitFor();
      },
      '#admin-drawer, header',
    );
    expect(findings).toEqual([]);

    await clickWhereDrawn(page, close);
    await drawerBecomes(page, false, close);
    await clickWhereDrawn(page, open);
    await drawerBecomes(page, true, open);
  });
});
