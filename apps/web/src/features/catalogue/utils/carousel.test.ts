import { describe, expect, it } from 'vitest';
import { CAROUSEL_GAP_PX, scrollEnds, slideStep, slidesPerView } from './carousel';

describe('slidesPerView', () => {
  it.each([
    [320, 1],
    [480, 1],
    [481, 2],
    [768, 2],
    [769, 3],
    [1024, 3],
    [1025, 3],
    [1280, 3],
    [1281, 5],
    [1480, 5],
    [1481, 4],
    [2560, 4],
  ])('shows, at %ipx, %i slides (the spec’s "up to" widths)', (width, slides) => {
    expect(slidesPerView(width)).toBe(slides);
  });

  it('keeps the spec’s 16px gap', () => {
    expect(CAROUSEL_GAP_PX).toBe(16);
  });
});

describe('scrollEnds', () => {
  // Five 300px slides, 16px apart, in a 632px view: 1564px of list, 932px of scrolling.
  const list = { clientWidth: 632, scrollWidth: 1564 };

  it('is at the start, not the end, before any scroll', () => {
    expect(scrollEnds({ ...list, scrollLeft: 0 })).toEqual({ atStart: true, atEnd: false });
  });

  it('is at neither end in the middle', () => {
    expect(scrollEnds({ ...list, scrollLeft: 316 })).toEqual({ atStart: false, atEnd: false });
  });

  it('is at the end when the last pixel is in view, a fractional pixel short included', () => {
    expect(scrollEnds({ ...list, scrollLeft: 932 })).toEqual({ atStart: false, atEnd: true });
    expect(scrollEnds({ ...list, scrollLeft: 931.5 })).toEqual({ atStart: false, atEnd: true });
    expect(scrollEnds({ ...list, scrollLeft: 930 }).atEnd).toBe(false);
  });

  it('is at both ends when everything fits', () => {
    expect(scrollEnds({ clientWidth: 1200, scrollWidth: 1200, scrollLeft: 0 })).toEqual({
      atStart: true,
      atEnd: true,
    });
  });

  it('is past the start once scrolled by more than a pixel', () => {
    expect(scrollEnds({ ...list, scrollLeft: 2 }).atStart).toBe(false);
  });
});

describe('slideStep', () => {
  it('is the distance between two slides’ left edges: a slide and the gap', () => {
    expect(slideStep({ left: 24 }, { left: 24 + 300 + 16 }, 1)).toBe(316);
  });

  it('is negative going back', () => {
    expect(slideStep({ left: -292 }, { left: 24 }, -1)).toBe(-316);
  });
});
