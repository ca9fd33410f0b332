import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAdminPropertyRow } from '@makazi/contracts/admin';
import { jsonResponse } from '../../../testing/test-utils';
import {
  ADMIN_TOKEN,
  adminError,
  authorizationOf,
  bodyOf,
  callsTo,
  currentPath,
  makeRow,
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

/**
 * The moderation API as the page meets it: the pending rows of the asked type, approve and
 * disapprove that change a row's status (or fail with the given answer).
 */
function serveQueue(
  initial: TAdminPropertyRow[],
  answers: { approve?: () => Response; disapprove?: () => Response; list?: () => Response } = {},
) {
  const rows = [...initial];
  return serveAdmin({
    'GET /api/admin/properties': (url) => {
      if (answers.list) return answers.list();
      const type = url.searchParams.get('type');
      const status = url.searchParams.get('status') ?? 'pending';
      return jsonResponse(page(rows.filter((row) => row.type === type && row.status === status)));
    },
    'POST /api/admin/properties/*': (url, init) => {
      const [, , , , id, action] = url.pathname.split('/');
      const row = rows.find((item) => item.id === id);
      if (!row) return adminError(404, 'NOT_FOUND', 'Listing not found');
      if (action === 'approve') {
        if (answers.approve) return answers.approve();
        row.status = 'approved';
      } else {
        if (answers.disapprove) return answers.disapprove();
        row.status = 'rejected';
        row.rejectionReason = (bodyOf(init) as { reason: string }).reason;
      }
      return jsonResponse({
        id: row.id,
        status: row.status,
        rejectionReason: row.rejectionReason,
        pendingChange: null,
      });
    },
  });
}

/** GET /api/admin/properties/awaiting-review with these counts (0 for a type not given). */
function awaiting(byType: Partial<Record<TAdminPropertyRow['type'], number>>) {
  return () =>
    jsonResponse({ byType: { Land: 0, Rent: 0, HouseForSale: 0, Apartment: 0, ...byType } });
}

/** The listing types the page asked the list of, in order. */
function listedTypes(fetchMock: ReturnType<typeof serveAdmin>) {
  return callsTo(fetchMock, 'GET', '/api/admin/properties').map(({ url }) =>
    url.searchParams.get('type'),
  );
}

function tableRows() {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

describe('/admin/property: the tab it opens on', () => {
  /** Pending rows of every type; the counts say House For Sale and Apartment have some. */
  function serveWaiting(byType: Parameters<typeof awaiting>[0]) {
    const rows = [
      makeRow(1, { type: 'HouseForSale', title: 'Mbezi house' }),
      makeRow(2, { type: 'Apartment', title: 'Masaki flat' }),
    ];
    return serveAdmin({
      'GET /api/admin/properties/awaiting-review': awaiting(byType),
      'GET /api/admin/properties': (url) =>
        jsonResponse(page(rows.filter((row) => row.type === url.searchParams.get('type')))),
    });
  }

  it.each([
    { language: 'en', tab: 'House For Sale', other: 'Land' },
    { language: 'sw', tab: 'Nyumba ya kuuza', other: 'Kiwanja' },
  ] as const)(
    '$language: opens on the first tab with listings waiting when the URL names none',
    async ({ language, tab, other }) => {
      const fetchMock = serveWaiting({ HouseForSale: 1, Apartment: 1 });
      const { router } = await renderAdmin('/admin/property', { language });
      expect(await screen.findByRole('button', { name: 'Mbezi house' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: other })).toHaveAttribute('aria-selected', 'false');
      // The empty Land queue was never asked for, not even for a moment.
      expect(listedTypes(fetchMock)).toEqual(['HouseForSale']);
      // The choice is written down: the tab stays while the admin empties it.
      expect(currentPath(router)).toBe('/admin/property?type=HouseForSale');
    },
  );

  it.each([
    { language: 'en', tab: 'Land', empty: 'No properties available in this category.' },
    { language: 'sw', tab: 'Kiwanja', empty: 'Hakuna mali katika kundi hili.' },
  ] as const)(
    '$language: keeps the tab the URL names, whatever waits elsewhere',
    async ({ language, tab, empty }) => {
      const fetchMock = serveWaiting({ HouseForSale: 1, Apartment: 1 });
      const { router } = await renderAdmin('/admin/property?type=Land', { language });
      expect(await screen.findByText(empty)).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(listedTypes(fetchMock)).toEqual(['Land']);
      expect(callsTo(fetchMock, 'GET', '/api/admin/properties/awaiting-review')).toEqual([]);
      expect(currentPath(router)).toBe('/admin/property?type=Land');
    },
  );

  it('opens on Land when nothing waits, or when the counts cannot be had', async () => {
    serveWaiting({});
    const first = await renderAdmin('/admin/property?status=approved');
    expect(await screen.findByText('No properties available in this category.')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Land' })).toHaveAttribute('aria-selected', 'true');
    expect(currentPath(first.router)).toBe('/admin/property?status=approved&type=Land');
    first.unmount();

    serveAdmin({
      'GET /api/admin/properties/awaiting-review': () => adminError(500, 'INTERNAL', 'boom'),
      'GET /api/admin/properties': () => jsonResponse(page([makeRow(1)])),
    });
    const second = await renderAdmin('/admin/property');
    expect(await screen.findByRole('button', { name: 'Plot number 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Land' })).toHaveAttribute('aria-selected', 'true');
    expect(currentPath(second.router)).toBe('/admin/property?type=Land');
  });
});

describe('/admin/property', () => {
  it('lists the awaiting Land listings with the moderation columns', async () => {
    const fetchMock = serveQueue([makeRow(1), makeRow(2, { regionName: null })]);
    await renderAdmin('/admin/property');
    expect(await screen.findByRole('heading', { name: 'Properties Management' })).toBeVisible();
    await screen.findByRole('table');
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'ID',
      'Title',
      'Location',
      'Price (TZS)',
      'Actions',
    ]);
    expect(tableRows()[0]).toHaveTextContent('Plot number 1Dar es Salaam1,000,000');
    expect(tableRows()[1]).toHaveTextContent('Plot number 2--2,000,000');
    expect(screen.getByRole('tab', { name: 'Land' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    const [call] = callsTo(fetchMock, 'GET', '/api/admin/properties');
    expect(call?.url.searchParams.get('type')).toBe('Land');
    expect(call?.url.searchParams.get('status')).toBe('pending');
    expect(authorizationOf(call?.init)).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('asks for the type of the chosen tab, and the status and search chosen', async () => {
    const fetchMock = serveQueue([makeRow(1), makeRow(3, { type: 'Rent', title: 'Sinza house' })]);
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/property');
    await screen.findByRole('table');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Land', 'Lease', 'House For Sale', 'Apartment']);

    await user.click(screen.getByRole('tab', { name: 'Lease' }));
    expect(await screen.findByRole('button', { name: 'Sinza house' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/property?type=Rent');
    expect(
      callsTo(fetchMock, 'GET', '/api/admin/properties').at(-1)?.url.searchParams.get('type'),
    ).toBe('Rent');

    await user.click(screen.getByRole('tab', { name: 'House For Sale' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/admin/properties').at(-1)?.url.searchParams.get('type'),
      ).toBe('HouseForSale'),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'Not approved');
    await user.type(screen.getByLabelText('Search title, publisher or phone'), '0712{Enter}');
    await waitFor(() => {
      const last = callsTo(fetchMock, 'GET', '/api/admin/properties').at(-1)?.url.searchParams;
      expect(last?.get('status')).toBe('rejected');
      expect(last?.get('q')).toBe('0712');
      expect(last?.get('type')).toBe('HouseForSale');
    });
  });

  it('approves for real: the row leaves the awaiting list, a snackbar confirms, the next row has the focus', async () => {
    const fetchMock = serveQueue([makeRow(1), makeRow(2), makeRow(3)]);
    const user = userEvent.setup();
    await renderAdmin('/admin/property');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Approve Plot number 2' }));
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Plot number 2' })).not.toBeInTheDocument();
    expect(await screen.findByText('Approved: Plot number 2')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'POST', `/api/admin/properties/${makeRow(2).id}/approve`),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Approve Plot number 3' })).toHaveFocus(),
    );
  });

  it('removes the row before the server answers and brings it back when approval fails', async () => {
    let answer: (response: Response) => void = () => {};
    let lists = 0;
    const fetchMock = serveAdmin({
      // Later list requests never answer: only the rollback can bring the row back.
      'GET /api/admin/properties': () =>
        (lists += 1) === 1
          ? jsonResponse(page([makeRow(1), makeRow(2)]))
          : new Promise<Response>(() => {}),
      'POST /api/admin/properties/*': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/property');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Approve Plot number 1' }));
    // Optimistic: gone while the request is still open.
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(
      callsTo(fetchMock, 'POST', `/api/admin/properties/${makeRow(1).id}/approve`),
    ).toHaveLength(1);
    answer(adminError(409, 'CONFLICT', 'Already moderated'));
    expect(await screen.findByRole('button', { name: 'Plot number 1' })).toBeInTheDocument();
    expect(tableRows()).toHaveLength(2);
    expect(tableRows()[0]).toHaveTextContent('Plot number 1');
    expect(
      await screen.findByText('Could not approve Plot number 1: Already moderated'),
    ).toBeInTheDocument();
  });

  it('goes back to the admin login when an action answers 401', async () => {
    serveQueue([makeRow(1)], {
      approve: () => adminError(401, 'UNAUTHORIZED', 'Session expired'),
    });
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/property');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Approve Plot number 1' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin');
    expect(screen.getByText('Your admin session has ended. Please log in again.')).toBeVisible();
  });

  it('disapproves only with a reason, sends it, and shows the server validation message', async () => {
    const fetchMock = serveQueue([makeRow(1), makeRow(2)], {
      disapprove: () =>
        adminError(400, 'VALIDATION_FAILED', 'Invalid body', {
          details: [{ field: 'reason', message: 'Keep the reason under 500 characters' }],
        }),
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/property');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Disapprove Plot number 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disapprove this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disapprove' }));
    expect(
      within(dialog).getByText('Give the owner a reason (at least 3 characters)'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Disapprove' }));
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const disapprovePath = `/api/admin/properties/${makeRow(1).id}/disapprove`;
    expect(callsTo(fetchMock, 'POST', disapprovePath)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' blurry photos');
    await user.click(within(dialog).getByRole('button', { name: 'Disapprove' }));
    expect(
      await within(dialog).findByText('Keep the reason under 500 characters'),
    ).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', disapprovePath)[0]?.init)).toEqual({
      reason: 'ok blurry photos',
    });
  });

  it('disapproves with the reason: the row leaves the awaiting list', async () => {
    const fetchMock = serveQueue([makeRow(1), makeRow(2)]);
    const user = userEvent.setup();
    await renderAdmin('/admin/property');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Disapprove Plot number 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disapprove this listing?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Photos are blurry');
    await user.click(within(dialog).getByRole('button', { name: 'Disapprove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Plot number 1' })).not.toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST', `/api/admin/properties/${makeRow(1).id}/disapprove`);
    expect(bodyOf(calls[0]?.init)).toEqual({ reason: 'Photos are blurry' });
    expect(await screen.findByText('Not approved: Plot number 1')).toBeInTheDocument();
  });

  it('says when a category is empty', async () => {
    serveQueue([]);
    await renderAdmin('/admin/property?type=Apartment');
    expect(
      await screen.findByText('No properties available in this category.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the failure in red in place of the table, with a retry', async () => {
    let fail = true;
    serveAdmin({
      'GET /api/admin/properties': () =>
        fail ? adminError(500, 'INTERNAL', 'boom') : jsonResponse(page([makeRow(1)])),
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/property');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load properties');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('opens the Property Details drawer from a title, and the full page from View', async () => {
    serveQueue([makeRow(1)]);
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/property');
    await user.click(await screen.findByRole('button', { name: 'Plot number 1' }));
    const drawer = await screen.findByRole('dialog', { name: 'Property Details' });
    expect(drawer).toHaveTextContent(makeRow(1).id);
    expect(drawer).toHaveTextContent('Dar es Salaam');
    expect(drawer).toHaveTextContent('TZS 1,000,000');
    expect(drawer).toHaveTextContent('Awaiting review');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'View Plot number 1' })).toHaveAttribute(
      'href',
      `/admin/land/${makeRow(1).id}`,
    );
    expect(currentPath(router)).toBe('/admin/property?type=Land');
  });

  it('warns of possible duplicate photos under the title, linking the other listings', async () => {
    const other = (n: number, type: TAdminPropertyRow['type'] = 'Rent') => ({
      propertyId: `00000000-0000-4000-8000-00000000070${n}`,
      type,
      title: `Copy ${n}`,
      status: 'approved' as const,
      publisher: {
        id: `00000000-0000-4000-8000-00000000080${n}`,
        name: `Juma ${n}`,
        phoneNumber: '+255754000111',
      },
      distance: n - 1,
      photoUrl: null,
      otherPhotoUrl: null,
    });
    const flagged = makeRow(1, {
      duplicatePhotos: [other(1), other(2, 'Land'), other(3), other(4)],
    });
    serveQueue([flagged, makeRow(2)]);
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/property');
    await screen.findByRole('table');
    const [first, second] = tableRows();
    const note = within(first!).getByTestId('duplicate-photos');
    expect(note).toHaveTextContent('Possible duplicate photos: Copy 1, Copy 2, Copy 3 and 1 more');
    expect(within(note).getByRole('link', { name: 'Copy 1' })).toHaveAttribute(
      'href',
      `/admin/lease/${other(1).propertyId}`,
    );
    expect(within(note).getByRole('link', { name: 'Copy 1' })).toHaveAttribute(
      'title',
      'Published by Juma 1. The same picture',
    );
    expect(within(note).getByRole('link', { name: 'Copy 2' })).toHaveAttribute(
      'href',
      `/admin/land/${other(2).propertyId}`,
    );
    // The rest are on the flagged listing's own page.
    expect(within(note).getByRole('link', { name: 'and 1 more' })).toHaveAttribute(
      'href',
      `/admin/land/${flagged.id}`,
    );
    expect(within(second!).queryByTestId('duplicate-photos')).not.toBeInTheDocument();

    // The drawer says it too; a link opens the other listing's page.
    await user.click(screen.getByRole('button', { name: 'Plot number 1' }));
    const drawer = await screen.findByRole('dialog', { name: 'Property Details' });
    expect(within(drawer).getByTestId('duplicate-photos')).toHaveTextContent(
      'Possible duplicate photos',
    );
    await user.click(within(drawer).getByRole('link', { name: 'Copy 3' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/admin/lease/${other(3).propertyId}`));
  });

  it('marks a listing whose contact number is verified, and only that one', async () => {
    serveQueue([makeRow(1, { contactVerified: true }), makeRow(2)]);
    await renderAdmin('/admin/property');
    await screen.findByRole('table');
    const [first, second] = tableRows();
    expect(within(first!).getByTestId('verified-phone')).toHaveTextContent('Verified phone');
    expect(within(second!).queryByTestId('verified-phone')).not.toBeInTheDocument();
  });

  it('pages through the list with the pagination controls', async () => {
    const fetchMock = serveAdmin({
      'GET /api/admin/properties': (url) =>
        jsonResponse(page([makeRow(Number(url.searchParams.get('page') ?? 1))], 45, 1, 20)),
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/property');
    await screen.findByRole('table');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/admin/properties').at(-1)?.url.searchParams.get('page'),
      ).toBe('2'),
    );
  });
});
