import type { Page } from 'playwright-core';
import { allStrings } from './locales';

/*
 * English text on a Swahili screen (issue 41): the web app's English strings that Swahili never
 * uses, looked for in what a Swahili page shows and says to a screen reader. Phrases of two words
 * or more, so a shared word ("Makazi", "M-Pesa", "TZS") never counts, plus what the component
 * library says in English unless told otherwise. A phrase counts when it is the whole text of an
 * element or of a label: a listing's own words ("Plot for sale in Bagamoyo", as its owner wrote
 * them) are the owner's, not the interface's.
 */

/** MUI's own English, shown when a component is not given the page's words. */
const LIBRARY_ENGLISH = ['Go to next page', 'Go to previous page', 'Rows per page', 'Close'];
/** MUI's table pager range, "1–20 of 45". */
const ENGLISH_RANGE = /^\d+[–-]\d+ of (?:\d+|more than \d+)$/;

/**
 * English strings Swahili pages rightly show too: Swahili words the English pages use (the spec's
 * carousel titles) and a brand. Any other English string found in a Swahili locale file is a copy
 * left untranslated, and counts.
 */
const SAME_IN_BOTH = new Set(['Nyumba za Kupanga', 'Nyumba za Kuuza', 'X (Twitter)']);

const ENGLISH_ONLY: readonly string[] = [
  ...new Set([
    ...allStrings('en').filter(
      (text) =>
        !text.includes('{{') &&
        !text.includes('<') &&
        text.trim().split(/\s+/).length >= 2 &&
        text.length >= 8 &&
        !SAME_IN_BOTH.has(text),
    ),
    ...LIBRARY_ENGLISH,
  ]),
];

/** The English phrases the page shows or labels with, as it is now. */
export async function englishOnPage(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const labels = [
      ...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'),
    ].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name)),
    );
    // Elements that hold text only: a button's, a heading's, a paragraph's whole words.
    const texts = [...document.body.querySelectorAll('*')]
      .filter((element) => element.children.length === 0 && element instanceof HTMLElement)
      .map((element) => (element as HTMLElement).innerText);
    return [document.title, ...labels, ...texts]
      .filter((value): value is string => Boolean(value))
      .map((value) => value.trim().replace(/\s+/g, ' '));
  });
  const whole = new Set(shown);
  return [
    ...ENGLISH_ONLY.filter((phrase) => whole.has(phrase)),
    ...shown.filter((text) => ENGLISH_RANGE.test(text)),
  ];
}
