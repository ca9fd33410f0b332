import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPermissions } from '@makazi/contracts/admin';
import { NARROW_QUERY } from '../../../features/admin/hooks/use-narrow-screen';
import { jsonResponse } from '../../../testing/test-utils';
import {
  ADMIN_TOKEN,
  adminError,
  authorizationOf,
  bodyOf,
  callsTo,
  currentPath,
  makeUser,
  makeUserDetail,
  page,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
});

describe('/admin/users', () => {
  it.each(['/admin/users', '/admin/permisions'])(
    '%s lists the users with their four columns and opens a user from the row',
    async (url) => {
      const fetchMock = serveAdmin({
        'GET /api/admin/users': () => jsonResponse(page([makeUser(1), makeUser(2)])),
        'GET /api/admin/users/*': () => jsonResponse(makeUserDetail(makeUser(2))),
      });
      const user = userEvent.setup();
      const { router } = await renderAdmin(url);
      expect(await screen.findByRole('heading', { name: 'Users List' })).toBeVisible();
      const table = await screen.findByRole('table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['ID', 'Name', 'Number of Properties', 'Phone Number']);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows[1]).toHaveTextContent('Asha Mwinyi22+255712345602');
      expect(authorizationOf(callsTo(fetchMock, 'GET', '/api/admin/users')[0]?.init)).toBe(
        `Bearer ${ADMIN_TOKEN}`,
      );
      await user.click(within(rows[1] as HTMLElement).getByText('+255712345602'));
      expect(await screen.findByRole('heading', { name: 'User Details' })).toBeVisible();
      expect(currentPath(router)).toBe(`/admin/users/${makeUser(2).id}`);
    },
  );

  it('puts the phone number under the name on a phone, leaving no column to scroll to', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === NARROW_QUERY,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    serveAdmin({ 'GET /api/admin/users': () => jsonResponse(page([makeUser(1)])) });
    await renderAdmin('/admin/users');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Number of Properties']);
    const name = within(table).getByRole('cell', { name: /Asha Mwinyi1/ });
    expect(name).toHaveTextContent('Asha Mwinyi1+255712345601');
    expect(within(name).getByRole('link', { name: 'Asha Mwinyi1' })).toBeInTheDocument();
  });

  it('words the pager in the reader’s language, its count and its arrows too', async () => {
    serveAdmin({ 'GET /api/admin/users': () => jsonResponse(page([makeUser(1)], 1260)) });
    const { i18n } = await renderAdmin('/admin/users');
    await screen.findByRole('table');
    expect(screen.getByText(/^1–\d+ of 1,260$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('sw'));
    expect(screen.getByText(/^1–\d+ kati ya 1,260$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nenda ukurasa unaofuata' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nenda ukurasa uliopita' })).toBeDisabled();
    expect(screen.queryByText(/ of |Go to/)).not.toBeInTheDocument();
  });

  it('searches by name or phone and pages', async () => {
    const fetchMock = serveAdmin({
      'GET /api/admin/users': () => jsonResponse(page([makeUser(1)], 60)),
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/users');
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search by name or phone'), '0712 345{Enter}');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/admin/users').at(-1)?.url.searchParams.get('q')).toBe(
        '0712 345',
      ),
    );
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => {
      const last = callsTo(fetchMock, 'GET', '/api/admin/users').at(-1)?.url.searchParams;
      expect(last?.get('page')).toBe('2');
      expect(last?.get('q')).toBe('0712 345');
    });
  });
});

describe('/admin/users/{userId}', () => {
  const detail = makeUserDetail(
    makeUser(1, {
      permissions: { canEdit: true, canDelete: false, canPost: true, reportsHeard: true },
    }),
  );
  const path = `/api/admin/users/${detail.user.id}`;

  it('shows the user info, permissions and properties, with a way back', async () => {
    serveAdmin({ [`GET ${path}`]: () => jsonResponse(detail) });
    const user = userEvent.setup();
    const { router } = await renderAdmin(`/admin/users/${detail.user.id}`);
    const info = await screen.findByRole('region', { name: 'User Info' });
    expect(info).toHaveTextContent(detail.user.id);
    expect(info).toHaveTextContent('Asha Mwinyi1');
    expect(info).toHaveTextContent('+255712345601');
    expect(info).toHaveTextContent('Active until');
    expect(screen.getByRole('checkbox', { name: 'May edit their listings' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'May delete their listings' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'May publish listings' })).toBeChecked();
    const properties = screen.getByRole('region', { name: 'User Properties' });
    const items = within(properties).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Lease');
    expect(items[0]).toHaveTextContent('Near the main road in Sinza');
    expect(items[0]).toHaveTextContent('Approved');
    expect(items[1]).toHaveTextContent('Not approved');
    await user.click(screen.getByRole('link', { name: 'Back to users' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/users'));
  });

  it('names each permission by what it allows, in English and in Swahili', async () => {
    serveAdmin({ [`GET ${path}`]: () => jsonResponse(detail) });
    const { i18n } = await renderAdmin(`/admin/users/${detail.user.id}`);
    const permissions = await screen.findByRole('region', { name: 'User Permissions' });
    const names = () =>
      within(permissions)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent);
    expect(names()).toEqual([
      'May edit their listings',
      'May delete their listings',
      'May publish listings',
      'Their reports reach the queue (off: muted as a reporter)',
    ]);
    await act(() => i18n.changeLanguage('sw'));
    expect(names()).toEqual([
      'Anaweza kuhariri matangazo yake',
      'Anaweza kufuta matangazo yake',
      'Anaweza kuchapisha matangazo',
      'Ripoti zake zinafika kwenye foleni (imezimwa: ripoti zake hazisikilizwi)',
    ]);
  });

  it('saves a permission with PATCH and says it is saved', async () => {
    let saved: TPermissions = { ...detail.user.permissions };
    const fetchMock = serveAdmin({
      [`GET ${path}`]: () =>
        jsonResponse({ ...detail, user: { ...detail.user, permissions: saved } }),
      [`PATCH ${path}/permissions`]: (_url, init) => {
        saved = { ...saved, ...(bodyOf(init) as Partial<TPermissions>) };
        return jsonResponse(saved);
      },
    });
    const user = userEvent.setup();
    await renderAdmin(`/admin/users/${detail.user.id}`);
    await user.click(await screen.findByRole('checkbox', { name: 'May delete their listings' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'May delete their listings' })).toBeChecked();
    const calls = callsTo(fetchMock, 'PATCH', `${path}/permissions`);
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0]?.init)).toEqual({ canDelete: true });
    expect(authorizationOf(calls[0]?.init)).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('puts the box back and says so when saving fails', async () => {
    let answer: (response: Response) => void = () => {};
    serveAdmin({
      [`GET ${path}`]: () => jsonResponse(detail),
      [`PATCH ${path}/permissions`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    await renderAdmin(`/admin/users/${detail.user.id}`);
    await user.click(await screen.findByRole('checkbox', { name: 'May publish listings' }));
    // Shown at once while the request is under way.
    expect(screen.getByRole('checkbox', { name: 'May publish listings' })).not.toBeChecked();
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    answer(adminError(500, 'INTERNAL', 'Database down'));
    expect(
      await screen.findByText('Not saved: Something went wrong. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'May publish listings' })).toBeChecked();
  });
});
