import { describe, expect, it } from 'vitest';
import { makeLand, makeRent } from '../../../testing/fixtures';
import {
  POST_TEXT_MAX,
  dateInputValue,
  groupByType,
  postText,
  runningPromotionEnd,
  showsPromoteButton,
  takenAtFor,
} from './post-card';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('post card text', () => {
  it('keeps a text of 52 characters whole', () => {
    const text = 'a'.repeat(52);
    expect(POST_TEXT_MAX).toBe(52);
    expect(postText(text)).toBe(text);
  });

  it('cuts a text of 53 characters to 52 plus an ellipsis', () => {
    expect(postText(`${'b'.repeat(52)}c`)).toBe(`${'b'.repeat(52)}…`);
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(postText(`${'🏠'.repeat(53)}`)).toBe(`${'🏠'.repeat(52)}…`);
  });
});

describe('the Promote rule (decision 011)', () => {
  it.each([
    ['no promotionEndDate', null],
    ['a running promotion (extended after its end)', '2026-03-11T00:00:00.000Z'],
    ['a promotion ending this very moment', NOW.toISOString()],
    ['a promotion that ended a second ago', '2026-03-10T11:59:59.000Z'],
    ['a promotion long ended (an end-date rule would hide it here)', '2025-01-01T00:00:00.000Z'],
  ])('an approved listing with %s shows Promote', (_case, promotionEndDate) => {
    expect(showsPromoteButton(makeRent({ status: 'approved', promotionEndDate }))).toBe(true);
  });

  it.each(['draft', 'pending', 'rejected', 'archived'] as const)(
    'a %s listing never shows it, whatever its end date',
    (status) => {
      for (const promotionEndDate of [
        null,
        '2027-01-01T00:00:00.000Z',
        '2025-01-01T00:00:00.000Z',
      ]) {
        expect(showsPromoteButton(makeRent({ status, promotionEndDate }))).toBe(false);
      }
    },
  );
});

describe('a listing marked taken', () => {
  it('shows no Promote: it is out of the catalogue for good', () => {
    expect(showsPromoteButton({ ...makeRent({ status: 'approved' }), visibility: 'taken' })).toBe(
      false,
    );
    expect(showsPromoteButton({ ...makeRent({ status: 'approved' }), visibility: 'stale' })).toBe(
      true,
    );
  });
});

describe('the day a listing was taken', () => {
  it('reads a date as a date input writes it, in the local time zone', () => {
    expect(dateInputValue(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
    expect(dateInputValue(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('sends nothing for today: the API takes its own clock', () => {
    expect(takenAtFor('2026-03-10', '2026-03-10', '2026-01-01T00:00:00.000Z')).toBeUndefined();
  });

  it('sends the start of an earlier day in the local time zone', () => {
    expect(takenAtFor('2026-03-04', '2026-03-10', '2026-01-01T00:00:00.000Z')).toBe(
      new Date(2026, 2, 4).toISOString(),
    );
  });

  it('never sends a moment before the listing was published', () => {
    const createdAt = new Date(2026, 2, 4, 15, 30).toISOString();
    expect(takenAtFor('2026-03-04', '2026-03-10', createdAt)).toBe(createdAt);
  });
});

describe('the running promotion', () => {
  it('is the end date when it lies after now', () => {
    expect(runningPromotionEnd('2026-03-11T00:00:00.000Z', NOW)).toEqual(
      new Date('2026-03-11T00:00:00.000Z'),
    );
  });

  it.each([
    ['no promotionEndDate', null],
    ['an end of this very moment', NOW.toISOString()],
    ['an end in the past', '2026-03-10T11:59:59.000Z'],
    ['an end date that cannot be read', 'soon'],
  ])('is none for %s', (_case, promotionEndDate) => {
    expect(runningPromotionEnd(promotionEndDate, NOW)).toBeNull();
  });
});

describe('groupByType', () => {
  it('groups in the app type order and keeps the order inside each group', () => {
    const rentA = makeRent({ title: 'A' });
    const land = makeLand();
    const rentB = makeRent({ title: 'B' });
    const groups = groupByType([rentA, land, rentB]);
    expect(groups.map((group) => group.type)).toEqual(['Land', 'Rent']);
    expect(groups[1]?.posts).toEqual([rentA, rentB]);
  });
});
