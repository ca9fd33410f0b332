import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TAdminPropertyRow } from '@makazi/contracts/admin';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { address, makeLand, makePendingChange, makePhoto } from '../../../testing/fixtures';
import { LocationProbe, jsonResponse, renderApp } from '../../../testing/test-utils';
import { clearAdminToken, setAdminToken } from '../api/admin-session';
import { PUBLISHER, callsTo, makeRow, page, serveModeration } from '../testing/moderation-api';
import { AdminPropertyPage } from './admin-property-page';
import { PropertiesPage } from './properties-page';

function PropertyRoute() {
  const { id = '' } = useParams();
  return <AdminPropertyPage id={id} type="Land" />;
}

const routes: RouteObject[] = [
  { path: '/admin/land/:id', element: <PropertyRoute /> },
  { path: '/admin/property', element: <PropertiesPage /> },
  { path: '*', element: <LocationProbe /> },
];

beforeEach(() => {
  setAdminToken('admin-token-1');
});

afterEach(() => {
  clearAdminToken('signedOut');
  window.sessionStorage.clear();
});

const [front, back, right, left] = [
  makePhoto('picha_mbele', 'front'),
  makePhoto('picha_nyuma', 'back'),
  makePhoto('picha_kulia', 'right'),
  makePhoto('picha_kushoto', 'left'),
];
const newBack = makePhoto('picha_nyuma', 'new-back');

/**
 * An approved plot whose owner's edit awaits review: a new price, no water, a new address and
 * phone, and the back photo replaced.
 */
function editedPlot(overrides: Parameters<typeof makePendingChange>[2] = {}): TViewerProperty {
  const live: TViewerProperty = {
    ...makeLand({
      status: 'approved',
      price: 25_000_000,
      lotPrice: 25_000_000,
      isWaterServiceAvailable: true,
      photos: [front, back, right, left],
    }),
    ownerPhoneNumber: '+255712345678',
    rejectionReason: null,
    missingPictureLabels: [],
  };
  return {
    ...live,
    pendingChange: makePendingChange(
      live,
      {
        price: 27_500_000,
        lotPrice: 27_500_000,
        isWaterServiceAvailable: false,
        propertyAddress: { ...address, street: { id: 4001, name: 'Mikocheni B' } },
        photos: [front, newBack, right, left],
        ownerPhoneNumber: '+255755000111',
      },
      overrides,
    ),
  };
}

/** The detail of `property`; approve applies its change, disapprove rejects it. */
function serveDetail(property: TViewerProperty) {
  let current = property;
  return serveModeration({
    [`GET /api/admin/properties/${property.id}`]: () =>
      jsonResponse({ property: current, publisher: PUBLISHER, duplicatePhotos: [] }),
    'POST /api/admin/properties/*': (url, init) => {
      const change = current.pendingChange;
      if (!change) throw new Error('no change to decide');
      if (url.pathname.endsWith('/approve')) {
        current = { ...current, ...change.proposed, pendingChange: null };
        return jsonResponse({
          id: current.id,
          status: 'approved',
          rejectionReason: null,
          pendingChange: null,
        });
      }
      const { reason } = JSON.parse(init?.body as string) as { reason: string };
      current = {
        ...current,
        pendingChange: { ...change, status: 'rejected', rejectionReason: reason },
      };
      return jsonResponse({
        id: current.id,
        status: 'approved',
        rejectionReason: null,
        pendingChange: { status: 'rejected', rejectionReason: reason },
      });
    },
  });
}

describe('the admin page of an approved listing with an edit awaiting review', () => {
  it('shows the edit as a difference from the live version: fields, then photos added and removed', async () => {
    const property = editedPlot();
    serveDetail(property);
    await renderApp(null, { url: `/admin/land/${property.id}`, routes });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kiwanja Kigamboni' }),
    ).toBeVisible();
    expect(screen.getByTestId('pending-change-chip')).toHaveTextContent('Edit of a live listing');
    expect(
      screen.getByText(/The public keeps seeing the version below until you decide/),
    ).toBeInTheDocument();

    const changes = screen.getByRole('region', { name: 'Changes to review' });
    const table = within(changes).getByRole('table', {
      name: 'Fields that differ from the live version',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Field', 'Live version', 'Changed to']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Price', 'TZS 25,000,000', 'TZS 27,500,000'],
      [
        'Address',
        'House No. 12, Street Mikocheni A, Ward Mikocheni, District Kinondoni, Region Dar es Salaam',
        'House No. 12, Street Mikocheni B, Ward Mikocheni, District Kinondoni, Region Dar es Salaam',
      ],
      ['Water service', 'Yes', 'No'],
      ['Owner phone', '+255712345678', '+255755000111'],
    ]);

    const added = within(changes).getByRole('region', { name: 'Photos added' });
    expect(within(added).getByRole('img', { name: 'Added photo: Back' })).toHaveAttribute(
      'src',
      '/media/new-back-320.webp',
    );
    expect(added).toHaveTextContent('Back');
    const removed = within(changes).getByRole('region', { name: 'Photos removed' });
    expect(within(removed).getByRole('img', { name: 'Removed photo: Back' })).toHaveAttribute(
      'src',
      '/media/back-320.webp',
    );
    expect(within(changes).getAllByRole('img')).toHaveLength(2);

    // The rest of the page is the live version, and says so.
    expect(screen.getByRole('region', { name: 'Details of the live version' })).toHaveTextContent(
      'TZS 25,000,000',
    );
    expect(screen.getByRole('region', { name: 'Photos of the live version' })).toBeInTheDocument();
  });

  it('writes both versions of the address in Swahili words on a Swahili screen', async () => {
    const property = editedPlot();
    serveDetail(property);
    await renderApp(null, { url: `/admin/land/${property.id}`, routes, language: 'sw' });
    const changes = await screen.findByRole('region', { name: 'Mabadiliko ya kukagua' });
    const row = within(changes).getByRole('row', { name: /^Anwani/ });
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Nyumba Na. 12, Mtaa Mikocheni A, Kata Mikocheni, Wilaya Kinondoni, Mkoa Dar es Salaam',
      'Nyumba Na. 12, Mtaa Mikocheni B, Kata Mikocheni, Wilaya Kinondoni, Mkoa Dar es Salaam',
    ]);
    // Nor in the live version's details below: no English word of an address anywhere.
    expect(document.body.textContent).not.toMatch(
      /\b(Apartment|House No|Plot No|Street|Ward|District|Region)\b/,
    );
  });

  it("says 'Approve changes' and applies the edit with the approve route", async () => {
    const property = editedPlot();
    const fetchMock = serveDetail(property);
    const user = userEvent.setup();
    await renderApp(null, { url: `/admin/land/${property.id}`, routes });
    await screen.findByRole('region', { name: 'Changes to review' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disapprove' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve changes' }));
    expect(await screen.findByText('Changes approved: Kiwanja Kigamboni')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/admin/properties/${property.id}/approve`)).toHaveLength(
      1,
    );
    // Applied: the page now shows one version, the new one.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Changes to review' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('TZS 27,500,000');
  });

  it("says 'Reject changes', explains the live version stays up, and sends the reason", async () => {
    const property = editedPlot();
    const fetchMock = serveDetail(property);
    const user = userEvent.setup();
    await renderApp(null, { url: `/admin/land/${property.id}`, routes });
    await user.click(await screen.findByRole('button', { name: 'Reject changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject these changes?' });
    expect(dialog).toHaveTextContent(
      'The live version of “Kiwanja Kigamboni” stays on Makazi as it is.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Price too high');
    await user.click(within(dialog).getByRole('button', { name: 'Reject changes' }));

    expect(await screen.findByText('Changes not approved: Kiwanja Kigamboni')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = callsTo(fetchMock, 'POST', `/api/admin/properties/${property.id}/disapprove`);
    expect(JSON.parse(call?.body as string)).toEqual({ reason: 'Price too high' });
    // The live version is still approved; the edit now carries the reason.
    expect(await screen.findByText('Price too high')).toBeInTheDocument();
    expect(screen.getByTestId('pending-change-chip')).toHaveTextContent(
      'Edit of a live listing not approved',
    );
    expect(screen.queryByRole('button', { name: 'Reject changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve changes' })).toBeInTheDocument();
  });

  it('offers no decision on an edit its owner has not finished', async () => {
    const property = editedPlot({ status: 'draft', missingPictureLabels: ['picha_nyuma'] });
    serveDetail(property);
    await renderApp(null, { url: `/admin/land/${property.id}`, routes });
    expect(await screen.findByText(/Its owner has not finished these changes/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reject|Disapprove/ })).not.toBeInTheDocument();
  });
});

describe('the moderation queue', () => {
  function serveQueue(rows: TAdminPropertyRow[]) {
    return serveModeration({
      'GET /api/admin/properties': () => jsonResponse(page(rows)),
      'POST /api/admin/properties/*': (url) => {
        const id = url.pathname.split('/')[4];
        return jsonResponse({
          id,
          status: 'approved',
          rejectionReason: null,
          pendingChange: null,
        });
      },
    });
  }

  it('marks an edit of a live listing, whose buttons decide the edit', async () => {
    const edited = makeRow(1, {
      status: 'approved',
      pendingChange: 'pending',
      title: 'Edited plot',
    });
    const fetchMock = serveQueue([edited, makeRow(2)]);
    const user = userEvent.setup();
    await renderApp(null, { url: '/admin/property', routes });
    await screen.findByRole('table');

    const [editedRow, newRow] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(editedRow!).getByTestId('pending-change-chip')).toHaveTextContent(
      'Edit of a live listing',
    );
    expect(within(newRow!).queryByTestId('pending-change-chip')).not.toBeInTheDocument();
    expect(
      within(editedRow!).getByRole('button', { name: 'Reject changes to Edited plot' }),
    ).toBeInTheDocument();
    expect(
      within(newRow!).getByRole('button', { name: 'Approve Plot number 2' }),
    ).toBeInTheDocument();

    await user.click(
      within(editedRow!).getByRole('button', { name: 'Approve changes to Edited plot' }),
    );
    expect(await screen.findByText('Changes approved: Edited plot')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/admin/properties/${edited.id}/approve`)).toHaveLength(
      1,
    );
  });

  it('rejects an edit from the queue with the dialog that says the live version stays', async () => {
    const edited = makeRow(1, {
      status: 'approved',
      pendingChange: 'pending',
      title: 'Edited plot',
    });
    serveQueue([edited]);
    const user = userEvent.setup();
    await renderApp(null, { url: '/admin/property', routes });
    await user.click(await screen.findByRole('button', { name: 'Reject changes to Edited plot' }));
    expect(await screen.findByRole('dialog', { name: 'Reject these changes?' })).toHaveTextContent(
      'The live version of “Edited plot” stays on Makazi as it is.',
    );
  });
});
