import { describe, expect, it } from 'vitest';
import { eatDayStart, eatDayStartDaysBefore, eatHour, nextEatDayStart } from './east-africa-day';

describe('East Africa days', () => {
  it('start at 21:00 UTC, the midnight of UTC+3', () => {
    expect(eatDayStart(new Date('2026-03-01T20:59:59.999Z'))).toEqual(
      new Date('2026-02-28T21:00:00.000Z'),
    );
    expect(eatDayStart(new Date('2026-03-01T21:00:00.000Z'))).toEqual(
      new Date('2026-03-01T21:00:00.000Z'),
    );
    expect(eatDayStart(new Date('2026-03-01T08:00:00.000Z'))).toEqual(
      new Date('2026-02-28T21:00:00.000Z'),
    );
  });

  it('end when the next one starts, and count back whole days', () => {
    const at = new Date('2026-03-01T08:00:00.000Z');
    expect(nextEatDayStart(at)).toEqual(new Date('2026-03-01T21:00:00.000Z'));
    expect(eatDayStartDaysBefore(at, 0)).toEqual(eatDayStart(at));
    expect(eatDayStartDaysBefore(at, 6)).toEqual(new Date('2026-02-22T21:00:00.000Z'));
  });

  it('hold before 1970 too', () => {
    expect(eatDayStart(new Date('1969-12-31T22:00:00.000Z'))).toEqual(
      new Date('1969-12-31T21:00:00.000Z'),
    );
  });

  it('tell the hour of the East Africa day', () => {
    expect(eatHour(new Date('2026-03-01T18:30:00.000Z'))).toBe(21);
    expect(eatHour(new Date('2026-03-01T20:59:59.999Z'))).toBe(23);
    expect(eatHour(new Date('2026-03-01T21:00:00.000Z'))).toBe(0);
    expect(eatHour(new Date('2026-03-01T05:00:00.000Z'))).toBe(8);
  });
});
