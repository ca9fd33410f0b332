/**
 * The home carousels' slides per view, from the product spec: "up to" (max-width) viewport
 * limits, with a 16px gap. One slide (centred, its neighbours peeking) up to 480px, 2 up to 768,
 * 3 up to 1024 and up to 1280, 5 up to 1480, 4 above.
 *
 * The layout itself is CSS (property-carousel.css, media queries on the viewport width), so the
 * server-rendered page is laid out before any script runs; a test holds the stylesheet to this
 * table.
 */
export const CAROUSEL_BREAKPOINTS: readonly { upTo: number; slides: number }[] = [
  { upTo: 480, slides: 1 },
  { upTo: 768, slides: 2 },
  { upTo: 1024, slides: 3 },
  { upTo: 1280, slides: 3 },
  { upTo: 1480, slides: 5 },
  { upTo: Infinity, slides: 4 },
];

export const CAROUSEL_GAP_PX = 16;

/** The slides the spec shows side by side at a viewport width (CSS pixels). */
export function slidesPerView(viewportWidth: number): number {
  const breakpoint = CAROUSEL_BREAKPOINTS.find(({ upTo }) => viewportWidth <= upTo);
  return breakpoint?.slides ?? 4;
}

export interface ScrollPosition {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/**
 * Whether a horizontal scroller shows its first and its last pixels. One pixel of slack: scroll
 * positions are fractional on zoomed pages and high-density screens, and a scroller stopped at
 * its end can report 0.5px short of it.
 */
export function scrollEnds({ scrollLeft, clientWidth, scrollWidth }: ScrollPosition): {
  atStart: boolean;
  atEnd: boolean;
} {
  return {
    atStart: scrollLeft <= 1,
    atEnd: scrollLeft + clientWidth >= scrollWidth - 1,
  };
}

/**
 * How far an arrow scrolls: from one slide's left edge to the next one's, which is a slide's
 * width and the gap, whatever the widths the stylesheet gave them. Negative to go back.
 */
export function slideStep(
  first: { left: number },
  second: { left: number },
  direction: -1 | 1,
): number {
  return direction * (second.left - first.left);
}
