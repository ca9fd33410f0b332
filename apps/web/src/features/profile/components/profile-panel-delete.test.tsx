import { Outlet } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLocale } from '@makazi/contracts/common';
import { getSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import {
  USER,
  USER_SUB,
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  signIn,
} from '../../../testing/account';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderApp,
  type FetchHandler,
} from '../../../testing/test-utils';
import ProfilePanel from './profile-panel';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

/*
 * Deleting the account from the profile panel (issue 16): a second, explicit step, then
 * DELETE /api/users/{sub}, and the browser signs out and goes home.
 */

const USER_PATH = `/api/users/${USER_SUB}`;

function serve(remove: () => Response = () => jsonResponse({ id: USER_SUB, deleted: true })) {
  const handler: FetchHandler = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === USER_PATH && method === 'GET') return jsonResponse(USER);
    if (url.pathname === USER_PATH && method === 'DELETE') return remove();
    if (url.pathname === '/api/auth/logout') return jsonResponse({ message: 'ok' });
    return apiErrorResponse(404, 'NOT_FOUND');
  };
  return mockFetch(handler);
}

/** The panel in the app's layout (it stays while the page changes), opened on /posts. */
async function renderPanel(language: TLocale = 'en') {
  const onClose = vi.fn();
  await renderApp(null, {
    url: '/posts',
    language,
    routes: [
      {
        element: (
          <>
            <ProfilePanel id="profile" open onClose={onClose} />
            <LocationProbe />
            <Outlet />
          </>
        ),
        children: [
          { path: '/posts', element: null },
          { path: '/home', element: null },
        ],
      },
    ],
  });
  const panel = screen.getByRole('dialog', { name: language === 'sw' ? 'Wasifu' : 'Profile' });
  return { onClose, panel };
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('deleting the account from the profile panel', () => {
  it('asks first, says what happens, and deletes nothing until the second button', async () => {
    signIn();
    const fetchMock = serve();
    const user = userEvent.setup();
    const { panel } = await renderPanel();
    await within(panel).findByLabelText('First name');

    await user.click(within(panel).getByRole('button', { name: 'Delete account' }));

    const confirmation = within(panel).getByRole('group', {
      name: 'Delete your account for good?',
    });
    expect(within(confirmation).getByText('Delete your account for good?')).toHaveFocus();
    expect(confirmation).toHaveTextContent('Your listings are removed from Makazi at once.');
    expect(confirmation).toHaveTextContent('Your subscription ends, with any time left on it.');
    expect(confirmation).toHaveTextContent('This cannot be undone.');
    expect(requestsTo(fetchMock, USER_PATH, 'DELETE')).toHaveLength(0);

    await user.click(within(confirmation).getByRole('button', { name: 'Keep my account' }));

    expect(within(panel).queryByRole('group')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, USER_PATH, 'DELETE')).toHaveLength(0);
    expect(getSession()?.sub).toBe(USER_SUB);
  });

  it('deletes with the access token, then signs out, goes home and says so', async () => {
    signIn();
    const fetchMock = serve();
    const user = userEvent.setup();
    const { panel, onClose } = await renderPanel();
    await within(panel).findByLabelText('First name');
    await user.click(within(panel).getByRole('button', { name: 'Delete account' }));

    await user.click(within(panel).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(getSession()).toBeNull());
    const [remove, ...more] = requestsTo(fetchMock, USER_PATH, 'DELETE');
    expect(more).toHaveLength(0);
    expect(sentAuthorization(remove)).toBe('Bearer access-token-1');
    expect(remove?.body).toBeUndefined();
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(window.localStorage.getItem('prop-token')).toBeNull();
    expect(window.localStorage.getItem('sub')).toBeNull();
    expect(vi.mocked(showToast).mock.calls).toEqual([
      ['Your account has been deleted.', 'success'],
    ]);
    // Every session ended on the server with the account: nothing left to log out.
    expect(requestsTo(fetchMock, '/api/auth/logout')).toHaveLength(0);
  });

  it('stays signed in and says why when the deletion fails', async () => {
    signIn();
    serve(() => apiErrorResponse(500, 'INTERNAL'));
    const user = userEvent.setup();
    const { panel, onClose } = await renderPanel();
    await within(panel).findByLabelText('First name');
    await user.click(within(panel).getByRole('button', { name: 'Delete account' }));

    await user.click(within(panel).getByRole('button', { name: 'Delete my account' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Something went wrong. Try again.',
    );
    expect(getSession()?.sub).toBe(USER_SUB);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/posts');
    expect(within(panel).getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('is in Swahili for a Swahili reader', async () => {
    signIn();
    serve();
    const user = userEvent.setup();
    const { panel } = await renderPanel('sw');
    await within(panel).findByLabelText('Jina la kwanza');

    await user.click(within(panel).getByRole('button', { name: 'Futa akaunti' }));

    const confirmation = within(panel).getByRole('group', {
      name: 'Je, unataka kufuta akaunti yako kabisa?',
    });
    expect(confirmation).toHaveTextContent('Hatua hii haiwezi kutenduliwa.');
    expect(
      within(confirmation).getByRole('button', { name: 'Futa akaunti yangu' }),
    ).toBeInTheDocument();
    expect(
      within(confirmation).getByRole('button', { name: 'Baki na akaunti yangu' }),
    ).toBeInTheDocument();
  });
});
