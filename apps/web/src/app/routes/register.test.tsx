import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { showToast } from '../../lib/toast';
import { setSession } from '../../lib/session';
import { LocationProbe, jsonResponse, renderApp } from '../../testing/test-utils';
import {
  LOGIN_ANSWER,
  SIGNUP_ANSWER,
  USER_ID,
  apiError,
  sentBodies,
  serveAuth,
} from '../../features/auth/testing/auth-api';
import { LoginRoute } from './login';
import { RegisterRoute } from './register';

// Toasts are checked as calls: which words, and success or error.
vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <>
        <LoginRoute />
        <LocationProbe />
      </>
    ),
  },
  {
    path: '/register',
    element: (
      <>
        <RegisterRoute />
        <LocationProbe />
      </>
    ),
  },
  { path: '*', element: <LocationProbe /> },
];

function renderRegister(options: { state?: unknown; language?: 'en' | 'sw' } = {}) {
  return renderApp(null, { routes, url: '/register', ...options });
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { firstName?: string; lastName?: string; phone?: string },
) {
  if (values.firstName) await user.type(screen.getByLabelText('First name'), values.firstName);
  if (values.lastName) await user.type(screen.getByLabelText('Last name'), values.lastName);
  if (values.phone) await user.type(screen.getByLabelText('Phone number'), values.phone);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('/register: validation', () => {
  it.each([
    [{}, ['First name', 'Last name', 'Phone number']],
    [{ firstName: 'Asha', phone: '0712345678' }, ['Last name']],
    [{ firstName: 'Asha', lastName: 'Mushi' }, ['Phone number']],
    [{ lastName: 'Mushi', phone: '0712345678' }, ['First name']],
  ])('says all fields are required (%j) and sends nothing', async (values, empty) => {
    const fetchMock = serveAuth({});
    const user = userEvent.setup();
    await renderRegister();

    await fill(user, values);

    expect(screen.getByText('All fields are required')).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Phone number']) {
      const input = screen.getByLabelText(label);
      if (empty.includes(label)) {
        expect(input).toHaveAttribute('aria-invalid', 'true');
        expect(input).toHaveAccessibleDescription('All fields are required');
      } else {
        expect(input).not.toHaveAttribute('aria-invalid');
      }
    }
    expect(screen.getByLabelText(empty[0]!)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats a name of spaces as empty', async () => {
    const fetchMock = serveAuth({});
    const user = userEvent.setup();
    await renderRegister();
    await fill(user, { firstName: '   ', lastName: 'Mushi', phone: '0712345678' });
    expect(screen.getByText('All fields are required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies the login phone rule', async () => {
    const fetchMock = serveAuth({});
    const user = userEvent.setup();
    await renderRegister();

    await fill(user, { firstName: 'Asha', lastName: 'Mushi', phone: '712345678' });

    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Phone number must be in the format 0XXXXXXXXX',
    );
    expect(screen.queryByText('All fields are required')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses names with digits or markup, and names over 50 characters', async () => {
    const fetchMock = serveAuth({});
    const user = userEvent.setup();
    await renderRegister();

    await fill(user, { firstName: 'Asha2', lastName: 'M'.repeat(51), phone: '0712345678' });

    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Use letters only; spaces, apostrophes, hyphens and dots are allowed',
    );
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(
      'Use at most 50 characters',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Swahili', async () => {
    const fetchMock = serveAuth({});
    const user = userEvent.setup();
    await renderRegister({ language: 'sw' });

    await user.click(screen.getByRole('button', { name: 'Jisajili' }));

    expect(screen.getByText('Sehemu zote zinahitajika')).toBeInTheDocument();
    expect(screen.getByLabelText('Jina la kwanza')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/register: creating the account', () => {
  it('sends the trimmed names, then the code at once, and asks for it on /login', async () => {
    const fetchMock = serveAuth({
      signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })],
      login: [jsonResponse(LOGIN_ANSWER)],
    });
    const user = userEvent.setup();
    const from = { pathname: '/posts', search: '', hash: '' };
    const { router } = await renderRegister({ state: { from } });

    await fill(user, { firstName: ' Asha ', lastName: "O'Neil-Mushi", phone: '0712 345 678' });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(sentBodies(fetchMock, '/api/auth/signup')).toEqual([
      { firstName: 'Asha', lastName: "O'Neil-Mushi", phoneNumber: '0712345678' },
    ]);
    // The code is on its way without another tap: the screen asks for it.
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/auth/login')).toEqual([{ phoneNumber: '0712345678' }]);
    // The page a guard sent the visitor from still waits after signing in.
    expect(router.state.location.state).toEqual({
      phoneNumber: '0712345678',
      from,
      sendCode: true,
    });
    expect(vi.mocked(showToast).mock.calls).toEqual([
      ['Registration successful! We are sending a code to your phone.', 'success'],
    ]);
  });

  it('offers sign-in when the phone is already registered', async () => {
    serveAuth({ signup: [apiError(409, 'CONFLICT', 'Phone already registered')] });
    const user = userEvent.setup();
    await renderRegister();

    await fill(user, { firstName: 'Asha', lastName: 'Mushi', phone: '0712345678' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not register.');
    expect(alert).toHaveTextContent('This phone number is already registered. Sign in instead.');
    // Registering the same number again cannot succeed: no 'try again', the way to sign in.
    expect(alert).not.toHaveTextContent(/try again/i);

    await user.click(within(alert).getByRole('link', { name: 'Go to sign in' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(await screen.findByLabelText('Phone number')).toHaveValue('0712345678');
  });

  it('explains any other failure', async () => {
    serveAuth({ signup: [apiError(500, 'INTERNAL')] });
    const user = userEvent.setup();
    await renderRegister();

    await fill(user, { firstName: 'Asha', lastName: 'Mushi', phone: '0712345678' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not register.');
    expect(alert).toHaveTextContent('Something went wrong. Try again.');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/register$/);
  });

  it('links to /login carrying the number typed so far', async () => {
    serveAuth({});
    const user = userEvent.setup();
    await renderRegister();
    await user.type(screen.getByLabelText('Phone number'), '0712345678');

    await user.click(screen.getByRole('link', { name: 'Sign in' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(await screen.findByLabelText('Phone number')).toHaveValue('0712345678');
  });

  it('sends a signed-in visitor to /home', async () => {
    serveAuth({});
    setSession({ token: 't', refreshToken: 'r', user: 'Asha Mushi', sub: USER_ID });
    await renderRegister();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });
});
