import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TAdminReportEntry, TClaim } from '@makazi/contracts/trust';
import { LocationProbe, jsonResponse, renderApp, requestedUrls } from '../../../testing/test-utils';
import { clearAdminToken, setAdminToken } from '../api/admin-session';
import { callsTo } from '../testing/moderation-api';
import { makeReport, makeReportedListing, serveReports } from '../testing/reports-api';
import { ReportsPage } from './reports-page';

const routes: RouteObject[] = [
  { path: '/admin/reports', element: <ReportsPage /> },
  { path: '*', element: <LocationProbe /> },
];

beforeEach(() => {
  setAdminToken('admin-token-1');
});

afterEach(() => {
  clearAdminToken('signedOut');
  window.sessionStorage.clear();
});

function pendingClaim(overrides: Partial<TClaim> = {}): TClaim {
  return {
    status: 'pending',
    revealedAt: '2026-11-24T15:00:00.000Z',
    decidedAt: null,
    decision: null,
    credited: false,
    ...overrides,
  };
}

/** A house held by three reports: two say fake (one of them a dead-end claim), one a wrong price. */
function heldHouse() {
  return makeReportedListing(1, [
    makeReport(3, {
      reason: 'fake',
      note: 'Aliomba pesa ya kuona nyumba.\nHakuna nyumba.',
      createdAt: '2026-11-25T07:00:00.000Z',
      updatedAt: '2026-11-25T07:00:00.000Z',
      claim: pendingClaim(),
    }),
    makeReport(2, {
      reason: 'wrong_price',
      createdAt: '2026-11-24T06:00:00.000Z',
      updatedAt: '2026-11-24T06:00:00.000Z',
    }),
    makeReport(1, {
      reason: 'fake',
      createdAt: '2026-11-23T06:00:00.000Z',
      updatedAt: '2026-11-23T06:00:00.000Z',
    }),
  ]);
}

/** A plot with one open report and an earlier dismissed one, whose claim was already upheld. */
function reportedPlot() {
  return makeReportedListing(
    2,
    [
      makeReport(5, { reason: 'duplicate' }),
      makeReport(4, {
        reason: 'already_taken',
        status: 'dismissed',
        createdAt: '2026-11-20T06:00:00.000Z',
        updatedAt: '2026-11-21T06:00:00.000Z',
        claim: pendingClaim({
          status: 'upheld',
          decision: 'taken_before_reveal',
          decidedAt: '2026-11-21T06:00:00.000Z',
          credited: true,
        }),
      }),
    ],
    {
      type: 'Land',
      title: 'Kiwanja Kigamboni',
      visibility: 'listed',
      publisher: {
        id: '00000000-0000-4000-8000-000000000902',
        name: 'Mama Zawadi',
        phoneNumber: '+255765000303',
        suspended: true,
      },
    },
  );
}

/** The dialog has gone (while it is open, the page behind it is hidden from the roles). */
async function dialogClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

function card(title: string): HTMLElement {
  return screen.getByRole('listitem', { name: title });
}

async function renderQueue(url = '/admin/reports', language: 'en' | 'sw' = 'en') {
  const rendered = await renderApp(null, { url, routes, language });
  await screen.findByRole('list', {
    name: language === 'en' ? 'Reported listings' : 'Matangazo yaliyoripotiwa',
  });
  return rendered;
}

describe('the admin reports queue', () => {
  it('lists each reported listing with its publisher, counts per reason and reports newest first', async () => {
    const fetchMock = serveReports([heldHouse(), reportedPlot()]);
    await renderQueue('/admin/reports?page=2&pageSize=10');

    const [first, second] = within(
      screen.getByRole('list', { name: 'Reported listings' }),
    ).getAllByRole('listitem', { name: /./ });
    expect(first).toBe(card('Nyumba ya kupanga 1'));
    expect(second).toBe(card('Kiwanja Kigamboni'));

    const house = within(card('Nyumba ya kupanga 1'));
    expect(house.getByRole('link', { name: 'Nyumba ya kupanga 1' })).toHaveAttribute(
      'href',
      `/admin/lease/${heldHouse().property.id}`,
    );
    expect(house.getByText('Lease')).toBeVisible();
    expect(house.getByTestId('visibility')).toHaveTextContent('Held for reports');
    expect(house.getByRole('link', { name: 'Owner 1' })).toHaveAttribute(
      'href',
      `/admin/users/${heldHouse().property.publisher.id}`,
    );
    expect(house.getByRole('link', { name: '+255712345678' })).toHaveAttribute(
      'href',
      'tel:+255712345678',
    );
    expect(house.queryByText('Suspended')).toBeNull();
    expect(house.getByText('3 open reports · 1 claim waiting')).toBeVisible();
    const counts = house.getByRole('list', { name: 'Open reports by reason' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fake or a scam: 2', 'Wrong price: 1']);

    // Newest first, as the API sends them; each with who, why, what they wrote and when (EAT).
    const reports = house.getAllByRole('listitem').filter((item) => item.closest('ul') !== counts);
    expect(reports.map((item) => within(item).getByRole('link').textContent)).toEqual([
      '+255754000113',
      '+255754000112',
      '+255754000111',
    ]);
    const [newest] = reports as [HTMLElement];
    expect(newest).toHaveTextContent('Reporter 3');
    expect(newest).toHaveTextContent('Fake or a scam');
    expect(newest).toHaveTextContent('Open');
    expect(newest).toHaveTextContent('Reported 25 Nov 2026, 10:00');
    expect(within(newest).getByText(/Aliomba pesa ya kuona nyumba/)).toBeVisible();
    const claim = within(newest).getByTestId('claim');
    expect(claim).toHaveTextContent('Dead-end claim');
    expect(claim).toHaveTextContent('Waiting for a decision');
    expect(claim).toHaveTextContent('Contact shown 24 Nov 2026, 18:00');
    expect(
      within(claim).getByRole('button', { name: 'Uphold the claim of Reporter 3' }),
    ).toBeVisible();
    expect(
      within(claim).getByRole('button', { name: 'Refuse the claim of Reporter 3' }),
    ).toBeVisible();
    expect(within(reports[1] as HTMLElement).queryByTestId('claim')).toBeNull();
    expect(
      house.getByRole('button', { name: 'Dismiss the reports of Nyumba ya kupanga 1' }),
    ).toBeVisible();
    expect(house.getByRole('button', { name: 'Take down Nyumba ya kupanga 1' })).toBeVisible();
    expect(
      house.getByRole('button', { name: 'Suspend publisher Owner 1 (Nyumba ya kupanga 1)' }),
    ).toBeVisible();

    const plot = within(card('Kiwanja Kigamboni'));
    expect(plot.getByRole('link', { name: 'Kiwanja Kigamboni' })).toHaveAttribute(
      'href',
      `/admin/land/${reportedPlot().property.id}`,
    );
    expect(plot.getByTestId('visibility')).toHaveTextContent('Listed');
    expect(plot.getByText('Suspended')).toBeVisible();
    expect(plot.getByText('1 open report')).toBeVisible();
    // Already suspended: nothing more to suspend.
    expect(plot.queryByRole('button', { name: /Suspend publisher/ })).toBeNull();
    const decided = plot.getByTestId('claim');
    expect(decided).toHaveTextContent('Upheld');
    expect(decided).toHaveTextContent('Subscription credited');
    expect(decided).toHaveTextContent(
      'The owner marked it taken before the contact was shown · Decided 21 Nov 2026, 09:00',
    );
    expect(within(decided).queryByRole('button')).toBeNull();
    expect(plot.getByText('Dismissed')).toBeVisible();
    expect(decided.closest('li')).toHaveTextContent(
      'Reported 20 Nov 2026, 09:00, changed 21 Nov 2026, 09:00',
    );

    const [list] = callsTo(fetchMock, 'GET', '/api/admin/reports');
    const headers = list?.headers as Record<string, string> | undefined;
    expect(headers?.Authorization).toBe('Bearer admin-token-1');
    const url = requestedUrls(fetchMock).find((each) => each.pathname === '/api/admin/reports');
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.get('pageSize')).toBe('10');
  });

  it('marks a listing whose contact number is verified, and only that one', async () => {
    serveReports([
      heldHouse(),
      { ...reportedPlot(), property: { ...reportedPlot().property, contactVerified: true } },
    ]);
    await renderQueue();
    expect(within(card('Kiwanja Kigamboni')).getByTestId('verified-phone')).toHaveTextContent(
      'Verified phone',
    );
    expect(within(card('Nyumba ya kupanga 1')).queryByTestId('verified-phone')).toBeNull();
  });

  it('shows when a taken listing was said taken and the day it names, for judging its claims', async () => {
    serveReports([
      heldHouse(),
      {
        ...reportedPlot(),
        property: {
          ...reportedPlot().property,
          visibility: 'taken',
          takenAt: '2026-11-18T06:00:00.000Z',
          takenMarkedAt: '2026-11-22T06:00:00.000Z',
        },
      },
    ]);
    await renderQueue();
    expect(within(card('Kiwanja Kigamboni')).getByTestId('taken-marked')).toHaveTextContent(
      'Marked taken on 22 Nov 2026, 09:00, saying it was let or sold on 18 Nov 2026, 09:00',
    );
    expect(within(card('Nyumba ya kupanga 1')).queryByTestId('taken-marked')).toBeNull();
  });

  it('names the reasons, states and actions in Swahili', async () => {
    serveReports([heldHouse()]);
    await renderQueue('/admin/reports', 'sw');
    const house = within(card('Nyumba ya kupanga 1'));
    const counts = house.getByRole('list', { name: 'Ripoti zilizo wazi kwa sababu' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['La uongo au la utapeli: 2', 'Bei si sahihi: 1']);
    expect(house.getByTestId('visibility')).toHaveTextContent('Limezuiliwa kwa sababu ya ripoti');
    expect(house.getByText('Ripoti 3 zilizo wazi · Dai 1 linasubiri')).toBeVisible();
    expect(
      house.getByRole('button', { name: 'Puuza ripoti za Nyumba ya kupanga 1' }),
    ).toBeVisible();
    expect(house.getByTestId('claim')).toHaveTextContent(
      'Dai la mawasiliano yasiyofaaLinasubiri uamuzi',
    );
  });

  it('says so when nothing waits, and offers a retry when the queue fails to load', async () => {
    let fail = true;
    serveReports([], {
      'GET /api/admin/reports': () =>
        fail
          ? jsonResponse(
              { statusCode: 403, code: 'FORBIDDEN', message: 'Admins only' },
              { status: 403 },
            )
          : jsonResponse({ items: [], page: 1, pageSize: 20, total: 0 }),
    });
    const user = userEvent.setup();
    await renderApp(null, { url: '/admin/reports', routes });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the reports Admins only');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No listing has open reports or claims waiting.')).toBeVisible();
  });

  it('dismisses the reports after a confirmation, and the listing leaves the queue', async () => {
    const fetchMock = serveReports([heldHouse(), reportedPlot()]);
    const user = userEvent.setup();
    await renderQueue();
    await user.click(
      screen.getByRole('button', { name: 'Dismiss the reports of Nyumba ya kupanga 1' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Dismiss these reports?' });
    expect(dialog).toHaveTextContent('Close the 3 open reports of “Nyumba ya kupanga 1”');
    // Its dead-end claim is not dismissed with the reports.
    expect(dialog).toHaveTextContent('Dead-end claims keep waiting for their own decision.');
    expect(
      callsTo(fetchMock, 'POST', `/api/admin/reports/${heldHouse().property.id}/dismiss`),
    ).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));

    expect(await screen.findByText('Reports dismissed: Nyumba ya kupanga 1')).toBeVisible();
    await dialogClosed();
    const [dismiss] = callsTo(
      fetchMock,
      'POST',
      `/api/admin/reports/${heldHouse().property.id}/dismiss`,
    );
    expect(dismiss?.body).toBeUndefined();
    // The claim still waits: the listing stays, now listed, its reports dismissed.
    const house = within(card('Nyumba ya kupanga 1'));
    await waitFor(() => expect(house.getByTestId('visibility')).toHaveTextContent('Listed'));
    expect(house.getByText('0 open reports · 1 claim waiting')).toBeVisible();
    expect(house.queryByRole('button', { name: /Dismiss the reports/ })).toBeNull();
    expect(house.getAllByText('Dismissed')).toHaveLength(3);
    expect(callsTo(fetchMock, 'GET', '/api/admin/reports').length).toBeGreaterThan(1);
    // Its Dismiss button went with the reports: the keyboard is on the listing's title instead.
    await waitFor(() =>
      expect(house.getByRole('link', { name: 'Nyumba ya kupanga 1' })).toHaveFocus(),
    );

    // Nothing left to decide on the plot once its one report is dismissed: it leaves the queue.
    await user.click(
      screen.getByRole('button', { name: 'Dismiss the reports of Kiwanja Kigamboni' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss reports' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Kiwanja Kigamboni' })).toBeNull(),
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Nyumba ya kupanga 1' })).toHaveFocus(),
    );
  });

  it('takes a listing down with a reason and a message for the owner, checked before sending', async () => {
    const fetchMock = serveReports([heldHouse()]);
    const user = userEvent.setup();
    await renderQueue();
    const path = `/api/admin/reports/${heldHouse().property.id}/take-down`;
    await user.click(screen.getByRole('button', { name: 'Take down Nyumba ya kupanga 1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Take this listing down?' }));
    expect(dialog.getByText(/The owner receives your message by SMS/)).toBeVisible();
    // The reason most reports give is chosen first; a scam reason upholds the claims.
    const reason = dialog.getByRole('combobox', { name: 'Reason' });
    expect(reason).toHaveValue('fake');
    expect(dialog.getByText(/every dead-end claim on the listing is upheld/)).toBeVisible();
    await user.selectOptions(reason, 'wrong_price');
    expect(dialog.queryByText(/every dead-end claim on the listing is upheld/)).toBeNull();

    const message = dialog.getByRole('textbox', { name: 'Message to the owner' });
    await user.type(message, ' a ');
    await user.click(dialog.getByRole('button', { name: 'Take down' }));
    expect(dialog.getByText('Write at least 3 characters')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', path)).toEqual([]);

    await user.clear(message);
    await user.type(message, '  The price on the listing is not the owner’s.  ');
    await user.click(dialog.getByRole('button', { name: 'Take down' }));
    expect(await screen.findByText('Taken down: Nyumba ya kupanga 1')).toBeVisible();
    const [sent] = callsTo(fetchMock, 'POST', path);
    expect(bodyOf(sent)).toEqual({
      reason: 'wrong_price',
      message: 'The price on the listing is not the owner’s.',
    });
    // Refreshed: not approved any more, and still in the queue for its claim waiting.
    await dialogClosed();
    const house = within(card('Nyumba ya kupanga 1'));
    await waitFor(() => expect(house.getByText('Not approved')).toBeVisible());
    expect(house.getByText('0 open reports · 1 claim waiting')).toBeVisible();
    expect(house.getAllByText('Acted on')).toHaveLength(3);
    expect(house.queryByRole('button', { name: /Take down/ })).toBeNull();
  });

  it('shows the server’s word on a field, and its refusal, without closing the dialog', async () => {
    const path = `/api/admin/reports/${heldHouse().property.id}/take-down`;
    let answer = 'field';
    const fetchMock = serveReports([heldHouse()], {
      [`POST ${path}`]: () =>
        answer === 'field'
          ? jsonResponse(
              {
                statusCode: 400,
                code: 'VALIDATION_FAILED',
                message: 'Invalid request',
                details: [{ field: 'message', message: 'must be at most 300 characters' }],
              },
              { status: 400 },
            )
          : jsonResponse(
              { statusCode: 404, code: 'NOT_FOUND', message: 'Listing gone not found' },
              { status: 404 },
            ),
    });
    const user = userEvent.setup();
    await renderQueue();
    await user.click(screen.getByRole('button', { name: 'Take down Nyumba ya kupanga 1' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: 'Message to the owner' }), 'Fake photos.');
    await user.click(dialog.getByRole('button', { name: 'Take down' }));
    expect(await dialog.findByText('must be at most 300 characters')).toBeVisible();

    answer = 'gone';
    await user.click(dialog.getByRole('button', { name: 'Take down' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Listing gone not found');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', path)).toHaveLength(2);
  });

  it('suspends the publisher with a message, and the card says they are suspended', async () => {
    const fetchMock = serveReports([heldHouse()]);
    const user = userEvent.setup();
    await renderQueue();
    await user.click(
      screen.getByRole('button', { name: 'Suspend publisher Owner 1 (Nyumba ya kupanga 1)' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Suspend this publisher?' }));
    expect(dialog.getByText(/Owner 1 can no longer publish/)).toBeVisible();
    expect(dialog.getByText(/allow them to publish again on their user page/)).toBeVisible();
    await user.type(
      dialog.getByRole('textbox', { name: 'Message to the publisher' }),
      'Several listings asked for money first.',
    );
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Publisher suspended: Owner 1')).toBeVisible();
    await dialogClosed();
    const [sent] = callsTo(
      fetchMock,
      'POST',
      `/api/admin/reports/${heldHouse().property.id}/suspend-publisher`,
    );
    expect(bodyOf(sent)).toEqual({
      message: 'Several listings asked for money first.',
    });
    const house = within(card('Nyumba ya kupanga 1'));
    await waitFor(() => expect(house.getByText('Suspended')).toBeVisible());
    expect(house.getByTestId('visibility')).toHaveTextContent('Publisher suspended');
    expect(house.queryByRole('button', { name: /Suspend publisher/ })).toBeNull();
  });

  it('upholds a claim, and shows a refusal of the server (already decided) in the dialog', async () => {
    const claimId = heldHouse().reports[0]?.id ?? '';
    let decided = false;
    const fetchMock = serveReports([heldHouse()], {
      [`POST /api/admin/claims/${claimId}/uphold`]: () => {
        if (!decided) {
          decided = true;
          return jsonResponse(
            { statusCode: 409, code: 'CONFLICT', message: 'This claim was already refused.' },
            { status: 409 },
          );
        }
        throw new Error('asked twice');
      },
    });
    const user = userEvent.setup();
    await renderQueue();
    await user.click(screen.getByRole('button', { name: 'Uphold the claim of Reporter 3' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Uphold this claim?' }));
    expect(dialog.getByText(/their subscription gets a day back/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Uphold claim' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This claim was already refused.');
    expect(callsTo(fetchMock, 'POST', `/api/admin/claims/${claimId}/uphold`)).toHaveLength(1);
  });

  it('upholds a claim, which is then marked upheld and credited', async () => {
    const claimId = heldHouse().reports[0]?.id ?? '';
    const fetchMock = serveReports([heldHouse()]);
    const user = userEvent.setup();
    await renderQueue();
    await user.click(screen.getByRole('button', { name: 'Uphold the claim of Reporter 3' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Uphold claim' }),
    );
    expect(await screen.findByText('Claim upheld: Reporter 3')).toBeVisible();
    await dialogClosed();
    expect(callsTo(fetchMock, 'POST', `/api/admin/claims/${claimId}/uphold`)).toHaveLength(1);
    const claim = within(card('Nyumba ya kupanga 1')).getByTestId('claim');
    await waitFor(() => expect(claim).toHaveTextContent('Upheld by an admin'));
    expect(claim).toHaveTextContent('Subscription credited');
    expect(within(claim).queryByRole('button')).toBeNull();
  });

  it('says so when an upheld claim is refused for the period’s credits being used up', async () => {
    const house = heldHouse();
    const [claimed, ...others] = house.reports as [TAdminReportEntry, ...TAdminReportEntry[]];
    const refused = makeReportedListing(1, [
      {
        ...claimed,
        claim: pendingClaim({
          status: 'refused',
          decision: 'credit_limit',
          decidedAt: '2026-11-25T09:00:00.000Z',
        }),
      },
      ...others,
    ]);
    serveReports([house], {
      [`POST /api/admin/claims/${claimed.id}/uphold`]: () => jsonResponse(refused),
    });
    const user = userEvent.setup();
    await renderQueue();
    await user.click(screen.getByRole('button', { name: 'Uphold the claim of Reporter 3' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Uphold claim' }),
    );
    expect(await screen.findByText('Claim refused, credits used up: Reporter 3')).toBeVisible();
  });

  it('refuses a claim with a reason the subscriber receives', async () => {
    const claimId = heldHouse().reports[0]?.id ?? '';
    const fetchMock = serveReports([heldHouse()]);
    const user = userEvent.setup();
    await renderQueue();
    await user.click(screen.getByRole('button', { name: 'Refuse the claim of Reporter 3' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refuse this claim?' }));
    await user.click(dialog.getByRole('button', { name: 'Refuse claim' }));
    expect(dialog.getByText('Write at least 3 characters')).toBeVisible();
    await user.type(
      dialog.getByRole('textbox', { name: 'Reason for the subscriber' }),
      'The owner answered and showed the house.',
    );
    await user.click(dialog.getByRole('button', { name: 'Refuse claim' }));
    expect(await screen.findByText('Claim refused: Reporter 3')).toBeVisible();
    await dialogClosed();
    const [sent] = callsTo(fetchMock, 'POST', `/api/admin/claims/${claimId}/refuse`);
    expect(bodyOf(sent)).toEqual({
      reason: 'The owner answered and showed the house.',
    });
    const claim = within(card('Nyumba ya kupanga 1')).getByTestId('claim');
    await waitFor(() => expect(claim).toHaveTextContent('Refused by an admin'));
  });
});
