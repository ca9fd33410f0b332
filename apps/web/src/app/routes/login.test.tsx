import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { SESSION_STORAGE_KEYS } from '@makazi/contracts/auth-values';
import { showToast } from '../../lib/toast';
import { setSession } from '../../lib/session';
import { LocationProbe, jsonResponse, renderApp, requestedUrls } from '../../testing/test-utils';
import {
  LOGIN_ANSWER,
  USER_ID,
  VERIFY_ANSWER,
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

function renderLogin(options: { state?: unknown; language?: 'en' | 'sw' } = {}) {
  return renderApp(null, { routes, url: '/login', ...options });
}

async function sendCode(user: ReturnType<typeof userEvent.setup>, phone = '0712345678') {
  await user.type(screen.getByLabelText('Phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByLabelText('Code');
}

function toasts() {
  return vi.mocked(showToast).mock.calls;
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/login: the phone step', () => {
  it('asks for the phone number when it is empty, and sends nothing', async () => {
    const fetchMock = serveAuth({ login: [] });
    const user = userEvent.setup();
    await renderLogin();

    await user.click(screen.getByRole('button', { name: 'Login' }));

    const input = screen.getByLabelText('Phone number');
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Phone number is required');
    expect(input).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['712345678', '07123456789', '1712345678', '07123a5678', '+255712345678'])(
    'refuses %s with the format message, and sends nothing',
    async (phone) => {
      const fetchMock = serveAuth({ login: [] });
      const user = userEvent.setup();
      await renderLogin();

      await user.type(screen.getByLabelText('Phone number'), phone);
      await user.click(screen.getByRole('button', { name: 'Login' }));

      expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
        'Phone number must be in the format 0XXXXXXXXX',
      );
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('speaks Swahili', async () => {
    const fetchMock = serveAuth({ login: [] });
    const user = userEvent.setup();
    await renderLogin({ language: 'sw' });

    await user.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(screen.getByText('Namba ya simu inahitajika')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Namba ya simu'), '12345');
    expect(
      screen.getByText('Namba ya simu lazima iwe katika muundo 0XXXXXXXXX'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the phone keypad and the saved number', async () => {
    serveAuth({});
    await renderLogin();
    const input = screen.getByLabelText('Phone number');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'tel');
  });

  it('pre-fills the number passed in navigation state', async () => {
    serveAuth({});
    await renderLogin({ state: { phoneNumber: '0755000111' } });
    expect(screen.getByLabelText('Phone number')).toHaveValue('0755000111');
  });

  it('sends the code once however fast the form is submitted', async () => {
    const fetchMock = serveAuth({ login: [jsonResponse(LOGIN_ANSWER)] });
    await renderLogin();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0712345678' } });
    const form = screen.getByRole('button', { name: 'Login' }).closest('form')!;

    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toHaveLength(1);
  });
});

describe('/login: the code step', () => {
  it('shows where the code went, counts down to resend, then sends a new code', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const fetchMock = serveAuth({ login: [jsonResponse(LOGIN_ANSWER)] });
    const user = userEvent.setup();
    await renderLogin();

    await user.type(screen.getByLabelText('Phone number'), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Code');
    expect(sentBodies(fetchMock, '/api/auth/login')).toEqual([{ phoneNumber: '0712345678' }]);
    expect(screen.getByText('We sent a code to +255 7•• ••• 678')).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('pattern', '\\d{6}');
    expect(screen.getByRole('button', { name: 'Resend code in 0:42' })).toBeDisabled();

    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByRole('button', { name: 'Resend code in 0:40' })).toBeDisabled();

    act(() => {
      vi.advanceTimersByTime(40_000);
    });
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();

    await user.click(resend);

    expect(await screen.findByRole('button', { name: 'Resend code in 0:42' })).toBeDisabled();
    expect(screen.getByText('A new code is on its way.')).toHaveAttribute('role', 'status');
    expect(sentBodies(fetchMock, '/api/auth/login')).toEqual([
      { phoneNumber: '0712345678' },
      { phoneNumber: '0712345678' },
    ]);
  });

  it('checks the code has six digits before sending it', async () => {
    const fetchMock = serveAuth({ login: [jsonResponse(LOGIN_ANSWER)] });
    const user = userEvent.setup();
    await renderLogin();
    const code = await sendCode(user);

    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(code).toHaveAccessibleDescription('Enter the 6 digits of the code');
    expect(sentBodies(fetchMock, '/api/auth/verify-otp')).toEqual([]);
  });

  it('reports a wrong code as a failed verification', async () => {
    const fetchMock = serveAuth({
      login: [jsonResponse(LOGIN_ANSWER)],
      verify: [apiError(400, 'OTP_INVALID', 'Wrong code: 4 tries left')],
    });
    const user = userEvent.setup();
    await renderLogin();
    await user.type(await sendCode(user), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign in.');
    expect(alert).toHaveTextContent('That code is wrong.');
    expect(alert).not.toHaveTextContent('tries left');
    expect(toasts()).toEqual([]);
    expect(sentBodies(fetchMock, '/api/auth/verify-otp')).toEqual([
      { phoneNumber: '0712345678', otp: '111111' },
    ]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
  });

  it('asks for a new code when the code expired', async () => {
    serveAuth({
      login: [jsonResponse(LOGIN_ANSWER)],
      verify: [apiError(400, 'OTP_EXPIRED')],
    });
    const user = userEvent.setup();
    await renderLogin();
    await user.type(await sendCode(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired. Ask for a new one.',
    );
    expect(toasts()).toEqual([]);
  });

  it('calls an answer of the wrong shape something that went wrong', async () => {
    serveAuth({
      login: [jsonResponse(LOGIN_ANSWER)],
      verify: [jsonResponse({ access_token: 'x' })],
    });
    const user = userEvent.setup();
    await renderLogin();
    await user.type(await sendCode(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Try again.');
    expect(toasts()).toEqual([]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
  });

  it('goes back to the phone step with the number kept', async () => {
    serveAuth({ login: [jsonResponse(LOGIN_ANSWER)] });
    const user = userEvent.setup();
    await renderLogin();
    await sendCode(user);

    await user.click(screen.getByRole('button', { name: 'Wrong number?' }));

    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveValue('0712345678');
    expect(phone).toHaveFocus();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});

describe('/login: signing in', () => {
  async function signIn(state?: unknown) {
    serveAuth({ login: [jsonResponse(LOGIN_ANSWER)], verify: [jsonResponse(VERIFY_ANSWER)] });
    const user = userEvent.setup();
    await renderLogin({ state });
    await user.type(await sendCode(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
  }

  it('stores the session under the four keys and goes to /home', async () => {
    await signIn();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe('access.token.value');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.refreshToken)).toBe(
      'refresh-token-value',
    );
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBe('Asha Mushi');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.sub)).toBe(USER_ID);
    expect(toasts()).toEqual([['Login successful!', 'success']]);
  });

  it('returns to the page the login guard came from', async () => {
    await signIn({ from: { pathname: '/lease/abc', search: '?sort=new', hash: '#photos' } });

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease\/abc\?sort=new$/),
    );
  });

  it.each([
    ['//evil.com', '//evil.com'],
    ['https://x', 'https://x'],
    ['a protocol-relative location', { pathname: '//evil.com', search: '', hash: '' }],
    ['a backslash location', { pathname: '/\\evil.com', search: '', hash: '' }],
    ['the login screen itself', { pathname: '/login', search: '', hash: '' }],
  ])('ignores an unsafe from (%s) and goes to /home', async (_name, from) => {
    await signIn({ from });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });

  it('fills in and submits the code the WebOTP API reads from the SMS', async () => {
    const get = vi.fn((_options: unknown) => Promise.resolve({ code: '654321', type: 'otp' }));
    Object.defineProperty(window, 'OTPCredential', { configurable: true, value: class {} });
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
    try {
      const fetchMock = serveAuth({
        login: [jsonResponse(LOGIN_ANSWER)],
        verify: [jsonResponse(VERIFY_ANSWER)],
      });
      const user = userEvent.setup();
      await renderLogin();
      await user.type(screen.getByLabelText('Phone number'), '0712345678');
      await user.click(screen.getByRole('button', { name: 'Login' }));

      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
      const [options] = get.mock.calls[0] ?? [];
      expect(options).toMatchObject({ otp: { transport: ['sms'] } });
      expect((options as { signal?: unknown }).signal).toBeInstanceOf(AbortSignal);
      expect(sentBodies(fetchMock, '/api/auth/verify-otp')).toEqual([
        { phoneNumber: '0712345678', otp: '654321' },
      ]);
    } finally {
      Reflect.deleteProperty(window, 'OTPCredential');
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });

  it('abandons the WebOTP request when the number is changed', async () => {
    const signals: AbortSignal[] = [];
    const get = vi.fn((options: { signal: AbortSignal }) => {
      signals.push(options.signal);
      return new Promise(() => {});
    });
    Object.defineProperty(window, 'OTPCredential', { configurable: true, value: class {} });
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
    try {
      serveAuth({ login: [jsonResponse(LOGIN_ANSWER)] });
      const user = userEvent.setup();
      await renderLogin();
      await sendCode(user);
      await waitFor(() => expect(signals).toHaveLength(1));
      expect(signals[0]?.aborted).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Wrong number?' }));

      expect(signals[0]?.aborted).toBe(true);
    } finally {
      Reflect.deleteProperty(window, 'OTPCredential');
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });

  it('sends a signed-in visitor straight to /home', async () => {
    serveAuth({});
    setSession({ token: 't', refreshToken: 'r', user: 'Asha Mushi', sub: USER_ID });
    await renderLogin();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });
});

describe('/login: the send fails', () => {
  it('offers to register an unknown number, carrying the number over', async () => {
    serveAuth({ login: [apiError(404, 'NOT_FOUND', 'No user with this phone')] });
    const user = userEvent.setup();
    await renderLogin();
    await user.type(screen.getByLabelText('Phone number'), '0712345678');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign in.');
    expect(alert).toHaveTextContent('No account uses this number. Register first.');
    expect(toasts()).toEqual([]);

    await user.click(within(alert).getByRole('link', { name: 'Create an account' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/register$/);
    expect(await screen.findByLabelText('Phone number')).toHaveValue('0712345678');
  });

  it.each([
    ['42', 'Too many attempts. Try again in 42 seconds.'],
    ['120', 'Too many attempts. Try again in 2 minutes.'],
  ])('says when to try again after a 429 (Retry-After %s)', async (retryAfter, text) => {
    serveAuth({
      login: [apiError(429, 'RATE_LIMITED', 'Slow down', { 'Retry-After': retryAfter })],
    });
    const user = userEvent.setup();
    await renderLogin();
    await user.type(screen.getByLabelText('Phone number'), '0712345678');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(toasts()).toEqual([]);
  });

  it.each([
    [
      'the SMS gateway is down',
      () => apiError(503, 'SERVICE_UNAVAILABLE'),
      'The SMS could not be sent. Try again in a moment.',
    ],
    [
      'the SMS budget is spent',
      () => apiError(503, 'SERVICE_UNAVAILABLE', 'English only', { 'Retry-After': '1800' }),
      'Sign-in codes are paused for now. Try again in 30 minutes.',
    ],
    [
      'the network is down',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'No connection. Check your internet and try again.',
    ],
  ])('explains when %s', async (_name, answer, text) => {
    serveAuth({ login: [answer] });
    const user = userEvent.setup();
    await renderLogin();
    await user.type(screen.getByLabelText('Phone number'), '0712345678');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(toasts()).toEqual([]);
  });
});
