import { describe, expect, it } from 'vitest';
import {
  firstTabWaiting,
  readPaymentFilter,
  readPropertySearch,
  readUserSearch,
  withChanges,
} from './search-params';

describe('admin search params', () => {
  it('default to the moderation queue, page 1 of 20, the tab left to the page', () => {
    expect(readPropertySearch(new URLSearchParams())).toEqual({
      type: undefined,
      status: 'pending',
      q: '',
      page: 1,
      pageSize: 20,
    });
  });

  it('ignore values the API would refuse', () => {
    expect(
      readPropertySearch(new URLSearchParams('type=Castle&status=archived&page=-1&pageSize=500')),
    ).toMatchObject({ type: undefined, status: 'pending', page: 1, pageSize: 20 });
    expect(
      readPaymentFilter(
        new URLSearchParams('from=yesterday&to=2026-11-21&status=paid&provider=mpesa&purpose=x'),
      ),
    ).toEqual({ to: '2026-11-21', provider: 'mpesa' });
    expect(readUserSearch(new URLSearchParams(`q=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('open on the first tab with listings waiting, Land when none waits or nobody knows', () => {
    expect(firstTabWaiting({ Land: 0, Rent: 0, HouseForSale: 4, Apartment: 2 })).toBe(
      'HouseForSale',
    );
    expect(firstTabWaiting({ Land: 1, Rent: 3, HouseForSale: 0, Apartment: 0 })).toBe('Land');
    expect(firstTabWaiting({ Land: 0, Rent: 0, HouseForSale: 0, Apartment: 0 })).toBe('Land');
    expect(firstTabWaiting(undefined)).toBe('Land');
  });

  it('go back to page 1 when a filter changes, and drop emptied keys', () => {
    const params = new URLSearchParams('type=Rent&q=sinza&page=3');
    expect(withChanges(params, { q: '' }).toString()).toBe('type=Rent');
    expect(withChanges(params, { page: 4 }).toString()).toBe('type=Rent&q=sinza&page=4');
  });
});
