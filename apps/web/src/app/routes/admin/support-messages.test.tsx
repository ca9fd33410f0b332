import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAdminSupportMessage } from '@makazi/contracts/support';
import { jsonResponse } from '../../../testing/test-utils';
import {
  ADMIN_TOKEN,
  authorizationOf,
  bodyOf,
  callsTo,
  currentPath,
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

function makeMessage(
  n: number,
  overrides: Partial<TAdminSupportMessage> = {},
): TAdminSupportMessage {
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    createdAt: '2026-11-25T07:30:00.000Z',
    userId: null,
    name: `Zawadi ${n}`,
    phone: `+2557123456${String(n).padStart(2, '0')}`,
    email: null,
    topic: 'listing',
    message: `Tangazo langu ${n} halionekani.\nNaomba msaada.`,
    status: 'open',
    closedAt: null,
    closedBy: null,
    ...overrides,
  };
}

describe('/admin/support', () => {
  it('lists the open messages with the sender’s contacts, and is in the drawer', async () => {
    const signedIn = makeMessage(2, {
      userId: '2b9d6c1e-4f3a-4e8b-9c7d-1a2b3c4d5e6f',
      phone: null,
      email: 'neema@example.com',
      topic: 'payment',
    });
    const fetchMock = serveAdmin({
      'GET /api/admin/support-messages': () => jsonResponse(page([makeMessage(1), signedIn])),
    });
    await renderAdmin('/admin/support');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support messages' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Support messages' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const list = await screen.findByRole('list', { name: 'Support messages' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByRole('heading', { name: 'Zawadi 1' })).toBeVisible();
    expect(
      within(first as HTMLElement).getByRole('link', { name: '+255712345601' }),
    ).toHaveAttribute('href', 'tel:+255712345601');
    expect(first).toHaveTextContent('Listing');
    expect(first).toHaveTextContent('Tangazo langu 1 halionekani.');
    expect(first).toHaveTextContent('25 Nov 2026, 10:30');
    const card = within(second as HTMLElement);
    expect(card.getByRole('link', { name: 'neema@example.com' })).toHaveAttribute(
      'href',
      'mailto:neema@example.com',
    );
    expect(card.getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      `/admin/users/${signedIn.userId}`,
    );
    const [call] = callsTo(fetchMock, 'GET', '/api/admin/support-messages');
    expect(call?.url.searchParams.get('status')).toBe('open');
    expect(authorizationOf(call?.init)).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('closes a message, which then leaves the open list', async () => {
    let open = [makeMessage(1), makeMessage(2)];
    const fetchMock = serveAdmin({
      'GET /api/admin/support-messages': () => jsonResponse(page(open)),
      'PATCH /api/admin/support-messages/*': (url) => {
        const id = url.pathname.split('/').at(-1);
        const closed = open.find((message) => message.id === id);
        open = open.filter((message) => message.id !== id);
        return jsonResponse({
          ...closed,
          status: 'closed',
          closedAt: '2026-11-25T08:00:00.000Z',
          closedBy: 'moderator',
        });
      },
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/support');
    await user.click(
      await screen.findByRole('button', { name: 'Close the message from Zawadi 1' }),
    );
    expect(await screen.findByText('Message closed.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Zawadi 1')).toBeNull());
    expect(screen.getByText('Zawadi 2')).toBeVisible();
    const [patch] = callsTo(fetchMock, 'PATCH', `/api/admin/support-messages/${makeMessage(1).id}`);
    expect(bodyOf(patch?.init)).toEqual({ status: 'closed' });
  });

  it('shows the closed ones on their tab, each with who closed it and a Reopen button', async () => {
    const fetchMock = serveAdmin({
      'GET /api/admin/support-messages': (url) =>
        jsonResponse(
          page(
            url.searchParams.get('status') === 'closed'
              ? [
                  makeMessage(3, {
                    status: 'closed',
                    closedAt: '2026-11-25T09:00:00.000Z',
                    closedBy: 'moderator',
                  }),
                ]
              : [],
          ),
        ),
    });
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/support');
    expect(await screen.findByText('No messages here.')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    expect(await screen.findByText('Closed 25 Nov 2026, 12:00 by moderator')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reopen the message from Zawadi 3' })).toBeVisible();
    expect(currentPath(router)).toBe('/admin/support?status=closed');
    expect(callsTo(fetchMock, 'GET', '/api/admin/support-messages').at(-1)?.url.search).toContain(
      'status=closed',
    );
  });
});
