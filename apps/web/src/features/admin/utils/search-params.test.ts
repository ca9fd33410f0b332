import { describe, expect, it } from 'vitest';
import {
  readPaymentFilter,
  readPropertySearch,
  readUserSearch,
  withChanges,
} from './search-params';

describe('admin search params', () => {
  it('default to the Land moderation queue, page 1 of 20', () => {
    expect(readPropertySearch(new URLSearchParams())).toEqual({
      type: 'Land',
      status: 'pending',
      q: '',
      page: 1,
      pageSize: 20,
    });
  });

  it('ignore values the API would refuse', () => {
    expect(
      readPropertySearch(new URLSearchParams('type=Castle&status=archived&page=-1&pageSize=500')),
    ).toMatchObject({ type: 'Land', status: 'pending', page: 1, pageSize: 20 });
    expect(
      readPaymentFilter(
        new URLSearchParams('from=yesterday&to=2026-11-21&status=paid&provider=mpesa&purpose=x'),
      ),
    ).toEqual({ to: '2026-11-21', provider: 'mpesa' });
    expect(readUserSearch(new URLSearchParams(`q=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('go back to page 1 when a filter changes, and drop emptied keys', () => {
    const params = new URLSearchParams('type=Rent&q=sinza&page=3');
    expect(withChanges(params, { q: '' }).toString()).toBe('type=Rent');
    expect(withChanges(params, { page: 4 }).toString()).toBe('type=Rent&q=sinza&page=4');
  });
});
