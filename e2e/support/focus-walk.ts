import type { Page } from 'playwright-core';

/*
 * What the engines can only ask a person to confirm (IBM's element_tabbable_unobscured and
 * style_focus_visible are "potential" results), checked by walking the page with the keyboard:
 * every element Tab reaches must show a focus indicator (WCAG 2.4.7) and must not be entirely
 * hidden by other content, such as the sticky header or a toast (WCAG 2.2 2.4.11).
 */

export interface FocusProblem {
  criterion: '2.4.7' | '2.4.11';
  what: string;
}

interface FocusState {
  /** Where the element is in the document, to notice when the walk comes round again. */
  key: string;
  what: string;
  /** An outline or box shadow on the element, its ::before / ::after, or its label's. */
  ring: boolean;
  /** Some of the element (or of the label drawn for it) is on screen and on top. */
  seen: boolean;
  /** What is on top at the element's centre, or where it is when off screen. */
  cover: string;
}

/** The focused element, or null when focus is on the document itself. */
function focusState(page: Page): Promise<FocusState | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) return null;
    const path: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const index = node.parentElement ? Array.from(node.parentElement.children).indexOf(node) : 0;
      path.unshift(`${node.tagName}[${index}]`);
    }
    const drawn = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== '' && style.boxShadow !== 'none');
    const ringOn = (target: Element) =>
      drawn(getComputedStyle(target)) ||
      (['::before', '::after'] as const).some((pseudo) => {
        const style = getComputedStyle(target, pseudo);
        if (style.content === 'none' || style.content === 'normal') return false;
        return drawn(style) || (style.borderStyle !== 'none' && parseFloat(style.borderWidth) > 0);
      });
    // A visually hidden native control (a styled radio) is drawn by its label.
    const labels =
      'labels' in element ? Array.from((element as HTMLInputElement).labels ?? []) : [];
    const shapes = [element, ...labels];
    const onTop = (shape: Element) => {
      const box = shape.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const xs = [box.left + 1, box.left + box.width / 2, box.right - 1];
      const ys = [box.top + 1, box.top + box.height / 2, box.bottom - 1];
      return xs.some((x) =>
        ys.some((y) => {
          if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
          const hit = document.elementFromPoint(x, y);
          return hit !== null && (shape.contains(hit) || hit.contains(shape));
        }),
      );
    };
    const describe = (target: Element) => {
      const classes =
        typeof target.className === 'string' && target.className
          ? `.${target.className.trim().replace(/\s+/g, '.')}`
          : '';
      const label = (
        target.getAttribute('aria-label') ??
        target.getAttribute('name') ??
        target.textContent ??
        ''
      ).trim();
      return `<${target.tagName.toLowerCase()}${classes}> "${label.slice(0, 40)}"`;
    };
    const box = element.getBoundingClientRect();
    const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      key: path.join('/'),
      what: describe(element),
      ring: element.matches(':focus-visible') && shapes.some(ringOn),
      seen: shapes.some(onTop),
      cover: centre
        ? `under ${describe(centre)}`
        : `at ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}, off screen`,
    };
  });
}

/**
 * Tabs through the whole page (forwards, or backwards with Shift+Tab, which is when a sticky
 * header covers what scrolls up under it) from the document's start or end, and returns every
 * element that showed no focus indicator or was entirely hidden. The page keeps its state, not
 * its focus, and is scrolled back to its top.
 */
export async function walkFocus(
  page: Page,
  { backwards = false, maxPresses = 200 } = {},
): Promise<FocusProblem[]> {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  // From the start (or the end) of the document, or of an open modal dialog.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur?.();
  });
  const problems: FocusProblem[] = [];
  const visited = new Set<string>();
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(key);
    let state = await focusState(page);
    if (!state || visited.has(state.key)) break;
    visited.add(state.key);
    if (!state.seen) {
      // A carousel slides to a card that took focus: give its animation time to bring it in.
      await page
        .waitForFunction(
          () => {
            const box = document.activeElement?.getBoundingClientRect();
            return box !== undefined && box.left >= 0 && box.right <= window.innerWidth;
          },
          undefined,
          { timeout: 1_000 },
        )
        .catch(() => undefined);
      state = (await focusState(page)) ?? state;
    }
    if (!state.ring) problems.push({ criterion: '2.4.7', what: state.what });
    if (!state.seen) problems.push({ criterion: '2.4.11', what: `${state.what} ${state.cover}` });
  }
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    // Back at the top, where the walk found it (and where the app's scroll restoration, which
    // remembers the last position, opens the next page loaded in this tab).
    window.scrollTo(0, 0);
  });
  return problems;
}
