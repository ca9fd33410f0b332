import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthModal } from '../../../lib/auth-modal';
import { getSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import {
  USER,
  USER_SUB,
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  sentBody,
  signIn,
} from '../../../testing/account';
import { jsonResponse, mockFetch, renderApp, type FetchHandler } from '../../../testing/test-utils';
import ProfilePanel from './profile-panel';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const USER_PATH = `/api/users/${USER_SUB}`;

interface Answers {
  get?: () => Response | Promise<Response>;
  patch?: (body: unknown) => Response;
  refresh?: () => Response;
}

function serve({
  get = () => jsonResponse(USER),
  patch = (body) => jsonResponse({ ...USER, ...(body as object) }),
  refresh = () => apiErrorResponse(401, 'UNAUTHORIZED', 'Refresh token is not valid'),
}: Answers = {}) {
  const handler: FetchHandler = (url, init) => {
    if (url.pathname === USER_PATH && (init?.method ?? 'GET') === 'GET') return get();
    if (url.pathname === USER_PATH && init?.method === 'PATCH') return patch(sentBody(init));
    if (url.pathname === '/api/auth/refresh-token') return refresh();
    return apiErrorResponse(404, 'NOT_FOUND');
  };
  return mockFetch(handler);
}

function calls(fetchMock: ReturnType<typeof mockFetch>, method: string) {
  return requestsTo(fetchMock, USER_PATH, method);
}

async function renderPanel() {
  const onClose = vi.fn();
  await renderApp(<ProfilePanel id="profile" open onClose={onClose} />);
  return { onClose, panel: screen.getByRole('dialog', { name: 'Profile' }) };
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('profile panel', () => {
  it('loads the name with the access token and shows the phone read-only', async () => {
    signIn();
    const fetchMock = serve();
    const { panel } = await renderPanel();
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading…');

    expect(await within(panel).findByLabelText('First name')).toHaveValue('Amina');
    expect(within(panel).getByLabelText('Last name')).toHaveValue('Juma');
    const phone = within(panel).getByLabelText('Phone number');
    expect(phone).toHaveValue('+255712345678');
    expect(phone).toHaveAttribute('readonly');
    const [get] = calls(fetchMock, 'GET');
    expect(sentAuthorization(get)).toBe('Bearer access-token-1');
  });

  it('links to Contacts you viewed, closing the panel on the way', async () => {
    signIn();
    serve();
    const user = userEvent.setup();
    const { panel, onClose } = await renderPanel();
    const link = await within(panel).findByRole('link', { name: 'Contacts you viewed' });
    expect(link).toHaveAttribute('href', '/contacts-viewed');
    expect(panel).toHaveTextContent(
      "The owners' numbers you were shown, and whether a contact was a dead end.",
    );

    await user.click(link);

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/contacts-viewed$/);
    expect(onClose).toHaveBeenCalled();
  });

  it('says why the load failed and tries again', async () => {
    signIn();
    let fail = true;
    serve({ get: () => (fail ? apiErrorResponse(500, 'INTERNAL') : jsonResponse(USER)) });
    const user = userEvent.setup();
    const { panel } = await renderPanel();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Try again.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByLabelText('First name')).toHaveValue('Amina');
  });

  it('says when the record is not the signed-in user’s (403)', async () => {
    signIn();
    serve({ get: () => apiErrorResponse(403, 'FORBIDDEN', 'Not your account') });
    const { panel } = await renderPanel();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'You can only change your own profile.',
    );
  });

  it.each([
    ['', 'This field is required.'],
    ['   ', 'This field is required.'],
    ['Amina2', 'Use letters, spaces, apostrophes, hyphens and dots only.'],
    ['<b>', 'Use letters, spaces, apostrophes, hyphens and dots only.'],
    ['A'.repeat(51), 'Use at most 50 characters.'],
  ])('refuses the first name %j inline: %s', async (value, message) => {
    signIn();
    const fetchMock = serve();
    const user = userEvent.setup();
    const { panel } = await renderPanel();
    const first = await within(panel).findByLabelText('First name');
    await user.clear(first);
    if (value) await user.type(first, value);

    await user.click(within(panel).getByRole('button', { name: 'Update Name' }));

    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(message);
    expect(first).toHaveFocus();
    expect(within(panel).getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
    expect(calls(fetchMock, 'PATCH')).toHaveLength(0);
  });

  it('accepts names like O’Neil, Anna-Maria and Mwl. Juma, and clears a message once fixed', async () => {
    signIn();
    const fetchMock = serve();
    const user = userEvent.setup();
    const { panel, onClose } = await renderPanel();
    const first = await within(panel).findByLabelText('First name');
    const last = within(panel).getByLabelText('Last name');
    await user.clear(last);
    await user.click(within(panel).getByRole('button', { name: 'Update Name' }));
    expect(last).toHaveAccessibleDescription('This field is required.');

    await user.type(last, "O'Neil-Mwl. Juma");
    expect(last).not.toHaveAttribute('aria-invalid');
    await user.clear(first);
    await user.type(first, 'Anna-Maria');
    await user.click(within(panel).getByRole('button', { name: 'Update Name' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(calls(fetchMock, 'PATCH')[0])).toEqual({
      firstName: 'Anna-Maria',
      lastName: "O'Neil-Mwl. Juma",
    });
  });

  it('saves the trimmed name, updates the session name, toasts and closes', async () => {
    signIn();
    const fetchMock = serve();
    const user = userEvent.setup();
    const { panel, onClose } = await renderPanel();
    const first = await within(panel).findByLabelText('First name');
    await user.clear(first);
    await user.type(first, '  Asha ');

    await user.click(within(panel).getByRole('button', { name: 'Update Name' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [patch] = calls(fetchMock, 'PATCH');
    expect(sentBody(patch)).toEqual({ firstName: 'Asha', lastName: 'Juma' });
    expect(sentAuthorization(patch)).toBe('Bearer access-token-1');
    expect(getSession()?.user).toBe('Asha Juma');
    expect(window.localStorage.getItem('user')).toBe('Asha Juma');
    expect(vi.mocked(showToast).mock.calls).toEqual([['Your name has been updated.', 'success']]);
    // The cached record is invalidated: the profile is asked for again.
    await waitFor(() => expect(calls(fetchMock, 'GET')).toHaveLength(2));
  });

  it('keeps what was typed and says why when the save is refused (403)', async () => {
    signIn();
    serve({ patch: () => apiErrorResponse(403, 'FORBIDDEN', 'Not your account') });
    const user = userEvent.setup();
    const { panel, onClose } = await renderPanel();
    const first = await within(panel).findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Asha');

    await user.click(within(panel).getByRole('button', { name: 'Update Name' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'You can only change your own profile.',
    );
    expect(first).toHaveValue('Asha');
    expect(onClose).not.toHaveBeenCalled();
    expect(getSession()?.user).toBe('Amina Juma');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the network fails', async () => {
    signIn();
    serve({
      patch: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    const { panel } = await renderPanel();
    const last = await within(panel).findByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'Mushi');
    await user.click(within(panel).getByRole('button', { name: 'Update Name' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'No connection. Check your internet and try again.',
    );
    expect(last).toHaveValue('Mushi');
    expect(within(panel).getByRole('button', { name: 'Update Name' })).toBeEnabled();
  });

  it('shows that the session ended when the save gets a 401 the refresh cannot fix', async () => {
    signIn();
    const fetchMock = serve({ patch: () => apiErrorResponse(401, 'UNAUTHORIZED') });
    const user = userEvent.setup();
    const { panel, onClose } = await renderPanel();
    await within(panel).findByLabelText('First name');

    await user.click(within(panel).getByRole('button', { name: 'Update Name' }));

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Your session has ended. Sign in again.');
    // The API client tried one refresh with the stored refresh token, was refused and ended the session.
    expect(requestsTo(fetchMock, '/api/auth/refresh-token').map(sentBody)).toEqual([
      { refreshToken: 'refresh-token-1' },
    ]);
    expect(getSession()).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Sign in' }));
    expect(onClose).toHaveBeenCalled();
    expect(getAuthModal().modal).toBe('login');
  });

  it('loads after a refreshed token when the first answer is 401', async () => {
    signIn();
    let first = true;
    const fetchMock = serve({
      get: () => {
        if (!first) return jsonResponse(USER);
        first = false;
        return apiErrorResponse(401, 'UNAUTHORIZED');
      },
      refresh: () =>
        jsonResponse({ token: 'access-token-2', refreshToken: 'refresh-token-2', expires_in: 900 }),
    });
    const { panel } = await renderPanel();
    expect(await within(panel).findByLabelText('First name')).toHaveValue('Amina');
    const gets = calls(fetchMock, 'GET');
    expect(gets.map(sentAuthorization)).toEqual(['Bearer access-token-1', 'Bearer access-token-2']);
  });

  it('closes on Escape and with its close button', async () => {
    signIn();
    serve();
    const user = userEvent.setup();
    const { panel, onClose } = await renderPanel();
    const first = await within(panel).findByLabelText('First name');
    first.focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(panel).getByRole('button', { name: 'Close profile' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('is in Swahili for a Swahili reader', async () => {
    signIn();
    serve();
    const onClose = vi.fn();
    await renderApp(<ProfilePanel id="profile" open onClose={onClose} />, { language: 'sw' });
    const panel = screen.getByRole('dialog', { name: 'Wasifu' });
    expect(await within(panel).findByLabelText('Jina la kwanza')).toHaveValue('Amina');
    expect(within(panel).getByRole('button', { name: 'Badilisha Jina' })).toBeInTheDocument();
  });
});
