import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/test-utils';
import { ADMIN_TOKEN_KEY } from '../../../features/admin/api/admin-session';
import { SESSION_STORAGE_KEYS } from '@makazi/contracts/auth-values';
import {
  ADMIN_TOKEN,
  adminError,
  authorizationOf,
  bodyOf,
  callsTo,
  currentPath,
  findSignOut,
  makeDashboard,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
  type Handler,
} from './testing/admin-app';

beforeEach(() => signOutAdmin());

async function fillLogin(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(await screen.findByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/admin login', () => {
  it('shows the heading and asks for both fields before calling the server', async () => {
    const fetchMock = serveAdmin({});
    await renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await fillLogin('', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Username and Password are required',
    );
    await fillLogin('moderator', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Username and Password are required');
    expect(callsTo(fetchMock, 'POST', '/api/admin/login')).toHaveLength(0);
  });

  it("shows the server's message in the alert above the form", async () => {
    serveAdmin({
      'POST /api/admin/login': () => adminError(401, 'UNAUTHORIZED', 'Wrong username or password.'),
    });
    const { router } = await renderAdmin('/admin');
    await fillLogin('moderator', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(window.sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(currentPath(router)).toBe('/admin');
  });

  it('says when to try again after too many attempts, in the words of the 429', async () => {
    const message = 'Too many wrong passwords: this account is locked. Try again in 15 minutes.';
    serveAdmin({
      'POST /api/admin/login': () =>
        adminError(429, 'RATE_LIMITED', message, { headers: { 'Retry-After': '900' } }),
    });
    await renderAdmin('/admin');
    await fillLogin('moderator', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
  });

  it('keeps the token in sessionStorage only and opens the dashboard', async () => {
    const fetchMock = serveAdmin({
      'POST /api/admin/login': () =>
        jsonResponse({ access_token: ADMIN_TOKEN, expires_in: 3600, username: 'moderator' }),
      'GET /api/admin/dashboard': () => jsonResponse(makeDashboard()),
    });
    const { router } = await renderAdmin('/admin');
    await fillLogin(' moderator ', 'secret-pass');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/dashboard');
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/admin/login')[0]?.init)).toEqual({
      username: 'moderator',
      password: 'secret-pass',
    });
    expect(window.sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBe(ADMIN_TOKEN);
    // Never in localStorage, and never in the user's session keys.
    expect(Object.values(window.localStorage)).not.toContain(ADMIN_TOKEN);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
    await waitFor(() =>
      expect(authorizationOf(callsTo(fetchMock, 'GET', '/api/admin/dashboard')[0]?.init)).toBe(
        `Bearer ${ADMIN_TOKEN}`,
      ),
    );
  });
});

describe('/admin login, second step', () => {
  const MFA_TOKEN = 'mfa-challenge-1';

  function serveTwoStep(second: Handler) {
    return serveAdmin({
      'POST /api/admin/login': () => jsonResponse({ mfaRequired: true, mfaToken: MFA_TOKEN }),
      'POST /api/admin/login/second-factor': second,
      'GET /api/admin/dashboard': () => jsonResponse(makeDashboard()),
    });
  }
  const tokens = () =>
    jsonResponse({ access_token: ADMIN_TOKEN, expires_in: 3600, username: 'moderator' });

  it('asks for the code after the right password, keeps no token before it, then opens the dashboard', async () => {
    const fetchMock = serveTwoStep(tokens);
    const { router } = await renderAdmin('/admin');
    await fillLogin('moderator', 'secret-pass');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(
      screen.getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/dashboard');
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/admin/login/second-factor')[0]?.init)).toEqual({
      mfaToken: MFA_TOKEN,
      code: '123 456',
    });
    expect(window.sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBe(ADMIN_TOKEN);
  });

  it('takes a recovery code instead with the switch', async () => {
    const fetchMock = serveTwoStep(tokens);
    await renderAdmin('/admin');
    await fillLogin('moderator', 'secret-pass');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Use a recovery code' }));
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    expect(
      screen.getByText('Enter one of your recovery codes. Each one works once.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-ijkl-mnop');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/admin/login/second-factor')[0]?.init)).toEqual({
      mfaToken: MFA_TOKEN,
      recoveryCode: 'abcd-efgh-ijkl-mnop',
    });
  });

  it('asks for six digits before calling, and shows the server’s answer to a wrong code', async () => {
    const message =
      'Wrong code. After 5 wrong tries, this username is paused from this address for 15 minutes.';
    const fetchMock = serveTwoStep(() => adminError(401, 'UNAUTHORIZED', message));
    const { router } = await renderAdmin('/admin');
    await fillLogin('moderator', 'secret-pass');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(callsTo(fetchMock, 'POST', '/api/admin/login/second-factor')).toHaveLength(0);

    await user.type(screen.getByLabelText('Code'), '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(window.sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(currentPath(router)).toBe('/admin');

    // Back to the password, as for an expired challenge.
    await user.click(screen.getByRole('button', { name: 'Back to the password' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });
});

describe('the admin session', () => {
  it('sends an anonymous visitor of an admin page to /admin', async () => {
    serveAdmin({});
    const { router } = await renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to /admin with a message when any admin call answers 401', async () => {
    signInAdmin();
    serveAdmin({
      'GET /api/admin/dashboard': () => adminError(401, 'UNAUTHORIZED', 'Session expired'),
    });
    const { router } = await renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your admin session has ended. Please log in again.',
    );
    expect(window.sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it('signs out with the exit icon: POST /api/admin/logout, token gone, back to /admin', async () => {
    signInAdmin();
    const fetchMock = serveAdmin({
      'GET /api/admin/dashboard': () => jsonResponse(makeDashboard()),
    });
    const { router } = await renderAdmin('/admin/dashboard');
    await userEvent.setup().click(await findSignOut());
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    const logout = callsTo(fetchMock, 'POST', '/api/admin/logout');
    expect(logout).toHaveLength(1);
    expect(authorizationOf(logout[0]?.init)).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(window.sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(currentPath(router)).toBe('/admin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/admin/dashboard', () => {
  it('shows the real numbers and the 30-day chart with its data table', async () => {
    signInAdmin();
    serveAdmin({ 'GET /api/admin/dashboard': () => jsonResponse(makeDashboard()) });
    await renderAdmin('/admin/dashboard');
    const users = await screen.findByTestId('card-totalUsers');
    expect(users).toHaveTextContent('Total Users');
    expect(users).toHaveTextContent('1,234');
    expect(screen.getByTestId('card-totalPlots')).toHaveTextContent('Total Plots56');
    expect(screen.getByTestId('card-totalHousesForRent')).toHaveTextContent(
      'Total Houses For Rent78',
    );
    expect(screen.getByTestId('card-totalApartments')).toHaveTextContent('Total Apartments90');
    expect(screen.getByTestId('card-totalHousesForSale')).toHaveTextContent(
      'Total Houses for Sale12',
    );
    expect(screen.getByTestId('card-revenueThisMonth')).toHaveTextContent('2,500,000');
    const chart = screen.getByRole('img', { name: 'New listings and revenue, last 30 days' });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    const table = screen.getByRole('table', { name: 'New listings and revenue per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: '2026-10-30 4 290,000' })).toBeInTheDocument();
  });
});
