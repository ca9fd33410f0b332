import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TTopRevealer, TTopRevealersResponse } from '@makazi/contracts/contact-reveals';
import { jsonResponse } from '../../../testing/test-utils';
import {
  ADMIN_TOKEN,
  adminError,
  authorizationOf,
  callsTo,
  currentPath,
  makeUser,
  makeUserDetail,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
});

function makeRevealer(n: number, overrides: Partial<TTopRevealer> = {}): TTopRevealer {
  return {
    userId: makeUser(n).id,
    name: `Asha Mwinyi${n}`,
    phoneNumber: `+25571234560${n}`,
    reveals: 10 * n,
    listings: 5 * n,
    firstRevealAt: '2026-11-20T06:00:00.000Z',
    lastRevealAt: '2026-11-22T08:30:00.000Z',
    ...overrides,
  };
}

function week(items: TTopRevealer[]): TTopRevealersResponse {
  return { days: 7, since: '2026-11-15T21:00:00.000Z', items };
}

describe('/admin/revealers', () => {
  it('lists this week’s heaviest contact viewers, is in the drawer, and opens a person in the users pages', async () => {
    const fetchMock = serveAdmin({
      'GET /api/admin/contact-reveals/top': () =>
        jsonResponse(week([makeRevealer(2, { reveals: 1_250 }), makeRevealer(1)])),
      'GET /api/admin/users/*': () => jsonResponse(makeUserDetail(makeUser(2))),
    });
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/revealers');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Heaviest contact viewers this week' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact viewers' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const table = await screen.findByRole('table', { name: 'Heaviest contact viewers this week' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Phone number', 'Listings', 'Views', 'First view', 'Last view']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Asha Mwinyi2',
      '+255712345602',
      '10',
      '1,250',
      '20 Nov 2026, 09:00',
      '22 Nov 2026, 11:30',
    ]);
    expect(second).toHaveTextContent('Asha Mwinyi1');
    expect(
      within(first as HTMLElement).getByRole('link', { name: '+255712345602' }),
    ).toHaveAttribute('href', 'tel:+255712345602');

    const [call] = callsTo(fetchMock, 'GET', '/api/admin/contact-reveals/top');
    expect(call?.url.searchParams.get('days')).toBe('7');
    expect(call?.url.searchParams.get('limit')).toBe('20');
    expect(authorizationOf(call?.init)).toBe(`Bearer ${ADMIN_TOKEN}`);

    await user.click(within(first as HTMLElement).getByRole('link', { name: 'Asha Mwinyi2' }));
    expect(await screen.findByRole('heading', { name: 'User Details' })).toBeVisible();
    expect(currentPath(router)).toBe(`/admin/users/${makeUser(2).id}`);
  });

  it('says so when no one viewed a contact this week', async () => {
    serveAdmin({ 'GET /api/admin/contact-reveals/top': () => jsonResponse(week([])) });
    await renderAdmin('/admin/revealers');
    expect(
      await screen.findByText('No one has viewed an owner’s contacts this week.'),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers another try when the list fails to load', async () => {
    let calls = 0;
    serveAdmin({
      'GET /api/admin/contact-reveals/top': () => {
        calls += 1;
        return calls === 1
          ? adminError(500, 'INTERNAL', 'Something went wrong')
          : jsonResponse(week([makeRevealer(1)]));
      },
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/revealers');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the contact viewers');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Asha Mwinyi1' })).toBeVisible();
  });

  it('speaks Swahili', async () => {
    serveAdmin({
      'GET /api/admin/contact-reveals/top': () => jsonResponse(week([makeRevealer(1)])),
    });
    const { i18n } = await renderAdmin('/admin/revealers');
    await screen.findByRole('table');
    await act(() => i18n.changeLanguage('sw'));
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Waliotazama mawasiliano zaidi wiki hii' }),
      ).toBeVisible(),
    );
    expect(screen.getByRole('link', { name: 'Waliotazama mawasiliano' })).toBeVisible();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Jina',
      'Namba ya Simu',
      'Matangazo',
      'Mara alizotazama',
      'Mara ya kwanza',
      'Mara ya mwisho',
    ]);
  });
});
