import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../support/browser';
import { approveThroughApi, publishRentThroughApi } from '../support/listings';
import { newPerson, registerThroughApi, tokensThroughApi } from '../support/sign-in';

/*
 * A card shows its listing's whole title on at most two lines (issue 41): a cut at 22 characters
 * lost the place a title ends with ("Nyumba ya vyumba 2 ina… Sinza"). The browser clamps it; the
 * words are all there for a screen reader and for the tooltip.
 */

describe('a card’s title at 360 px', () => {
  let session: Session;
  let title: string;
  let stamp: string;
  beforeAll(async () => {
    session = await openSession({ viewport: { width: 360, height: 800 } });
    const owner = newPerson('Mwajuma', 'Kisanga');
    await registerThroughApi(owner);
    const { access_token } = await tokensThroughApi(owner);
    stamp = String(Date.now() % 1_000_000);
    // Longer than two lines of a 360 px card in any font: the clamp has something to do.
    title = `Nyumba ya vyumba viwili na sebule kubwa inapangishwa karibu na soko kuu na kituo cha daladala Sinza ${stamp}`;
    await approveThroughApi(await publishRentThroughApi(access_token, title));
  });
  afterAll(async () => {
    await session?.close();
  });

  it.each(['en', 'sw'] as const)(
    'holds the whole title, drawn on two lines at most (%s)',
    async (language) => {
      const { page } = session;
      await page.goto(`/lease?search=${stamp}&lang=${language}`);
      const heading = page.getByRole('heading', { name: title });
      await heading.waitFor();
      const box = await heading.evaluate((node) => {
        const style = getComputedStyle(node);
        return {
          height: node.getBoundingClientRect().height,
          lineHeight: parseFloat(style.lineHeight),
          clipped: node.scrollHeight > node.clientHeight,
          text: node.textContent,
        };
      });
      expect(box.text).toBe(title);
      // The title is longer than two lines at this width: the rest is clamped, not cut.
      expect(box.clipped, JSON.stringify(box)).toBe(true);
      expect(box.height).toBeLessThanOrEqual(2 * box.lineHeight + 1);
      expect(await heading.getAttribute('title')).toBe(title);
    },
  );
});
