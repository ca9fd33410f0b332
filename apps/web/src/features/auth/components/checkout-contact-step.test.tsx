import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '@makazi/contracts/auth-values';
import { showToast } from '../../../lib/toast';
import { jsonResponse, renderApp } from '../../../testing/test-utils';
import {
  LOGIN_ANSWER,
  SIGNUP_ANSWER,
  USER_ID,
  VERIFY_ANSWER,
  apiError,
  sentBodies,
  serveAuth,
} from '../testing/auth-api';
import { CheckoutContactStep } from './checkout-contact-step';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

type User = ReturnType<typeof userEvent.setup>;

const onSignedIn = vi.fn();

function renderStep(language: 'en' | 'sw' = 'en') {
  return renderApp(<CheckoutContactStep onSignedIn={onSignedIn} />, {
    url: '/plan/30',
    path: '/plan/:days',
    language,
  });
}

async function fillIn(
  user: User,
  { first = 'Asha', last = 'Mushi', phone = '0712345678' } = {},
): Promise<void> {
  if (first) await user.type(screen.getByLabelText('First name'), first);
  if (last) await user.type(screen.getByLabelText('Last name'), last);
  if (phone) await user.type(screen.getByLabelText('Phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

function toasts() {
  return vi.mocked(showToast).mock.calls;
}

beforeEach(() => {
  onSignedIn.mockClear();
  vi.mocked(showToast).mockClear();
});

describe('the checkout contact step: the form', () => {
  it('is titled, says a code will be texted, and labels its three fields', async () => {
    serveAuth({});
    await renderStep();

    expect(screen.getByRole('region', { name: 'Your contact details' })).toBeInTheDocument();
    expect(screen.getByText('We will text you a code to confirm this number.')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('autocomplete', 'family-name');
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    // The keypad must offer the + of +255.
    expect(phone).toHaveAttribute('inputmode', 'tel');
  });

  it('speaks Swahili', async () => {
    serveAuth({});
    const user = userEvent.setup();
    await renderStep('sw');

    expect(screen.getByRole('region', { name: 'Taarifa zako za mawasiliano' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Endelea' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tafadhali jaza sehemu zote kwa usahihi.');
  });
});

describe('the checkout contact step: checking the fields', () => {
  it('refuses an empty form, marks every field, focuses the first, and sends nothing', async () => {
    const fetchMock = serveAuth({ signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })] });
    const user = userEvent.setup();
    await renderStep();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields correctly.');
    for (const label of ['First name', 'Last name', 'Phone number']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Please fill in all fields correctly.');
    }
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['the first name', { first: '' }, 'First name'],
    ['the last name', { last: '' }, 'Last name'],
    ['the phone number', { phone: '' }, 'Phone number'],
  ])('refuses a form without %s', async (_name, values, label) => {
    const fetchMock = serveAuth({ signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })] });
    const user = userEvent.setup();
    await renderStep();

    await fillIn(user, values);

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields correctly.');
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(label)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    '712345678',
    '071234567',
    '07123456789',
    '255712345678',
    '+2557123456789',
    '07123a5678',
  ])('refuses the phone %s and sends nothing', async (phone) => {
    const fetchMock = serveAuth({ signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })] });
    const user = userEvent.setup();
    await renderStep();

    await fillIn(user, { phone });

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields correctly.');
    const input = screen.getByLabelText('Phone number');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(/Use 0 or \+255 and nine digits/);
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a name the API would refuse', async () => {
    const fetchMock = serveAuth({ signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })] });
    const user = userEvent.setup();
    await renderStep();

    await fillIn(user, { first: 'Asha2' });

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields correctly.');
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the checkout contact step: registering and signing in', () => {
  async function typeCode(user: User, code = '123456') {
    const field = await screen.findByLabelText('Code');
    expect(field).toHaveFocus();
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
  }

  it('registers a new visitor, texts the code, and signs in with it', async () => {
    const fetchMock = serveAuth({
      signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })],
      login: [jsonResponse(LOGIN_ANSWER)],
      verify: [jsonResponse(VERIFY_ANSWER)],
    });
    const user = userEvent.setup();
    await renderStep();

    await fillIn(user, { first: ' Asha ', phone: '0712 345 678' });

    expect(await screen.findByText('We sent a code to +255 7•• ••• 678')).toBeVisible();
    expect(onSignedIn).not.toHaveBeenCalled();
    await typeCode(user);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(sentBodies(fetchMock, '/api/auth/signup')).toEqual([
      { firstName: 'Asha', lastName: 'Mushi', phoneNumber: '0712345678' },
    ]);
    expect(sentBodies(fetchMock, '/api/auth/login')).toEqual([{ phoneNumber: '0712345678' }]);
    expect(sentBodies(fetchMock, '/api/auth/verify-otp')).toEqual([
      { phoneNumber: '0712345678', otp: '123456' },
    ]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe('access.token.value');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.refreshToken)).toBe(
      'refresh-token-value',
    );
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBe('Asha Mushi');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.sub)).toBe(USER_ID);
    expect(toasts()).toEqual([['Login successful!', 'success']]);
  });

  it('accepts the +255 form and sends the number as the other forms do', async () => {
    const fetchMock = serveAuth({
      signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })],
      login: [jsonResponse(LOGIN_ANSWER)],
      verify: [jsonResponse(VERIFY_ANSWER)],
    });
    const user = userEvent.setup();
    await renderStep();

    await fillIn(user, { phone: '+255 712 345 678' });
    await typeCode(user);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(sentBodies(fetchMock, '/api/auth/signup')).toEqual([
      { firstName: 'Asha', lastName: 'Mushi', phoneNumber: '0712345678' },
    ]);
    expect(sentBodies(fetchMock, '/api/auth/verify-otp')).toEqual([
      { phoneNumber: '0712345678', otp: '123456' },
    ]);
  });

  it('goes on to the code when the number is already registered (409)', async () => {
    const fetchMock = serveAuth({
      signup: [apiError(409, 'CONFLICT', 'User already exists')],
      login: [jsonResponse(LOGIN_ANSWER)],
      verify: [jsonResponse(VERIFY_ANSWER)],
    });
    const user = userEvent.setup();
    await renderStep();

    await fillIn(user);
    await typeCode(user);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/Could not register/)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/auth/login')).toEqual([{ phoneNumber: '0712345678' }]);
  });

  it.each([
    ['the server fails', () => apiError(500, 'INTERNAL')],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says registration failed when %s, keeps the input, and sends no code', async (_n, answer) => {
    const fetchMock = serveAuth({ signup: [answer], login: [jsonResponse(LOGIN_ANSWER)] });
    const user = userEvent.setup();
    await renderStep();

    await fillIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not register.');
    expect(screen.getByLabelText('First name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Last name')).toHaveValue('Mushi');
    expect(screen.getByLabelText('Phone number')).toHaveValue('0712345678');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/auth/login')).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('tries again after a failed registration', async () => {
    serveAuth({
      signup: [apiError(500, 'INTERNAL'), jsonResponse(SIGNUP_ANSWER, { status: 201 })],
      login: [jsonResponse(LOGIN_ANSWER)],
    });
    const user = userEvent.setup();
    await renderStep();
    await fillIn(user);
    await screen.findByText('Could not register.');

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByLabelText('Code')).toHaveFocus();
    expect(screen.queryByText('Could not register.')).not.toBeInTheDocument();
  });

  it('replaces a registration failure with the field check when the input turns invalid', async () => {
    const fetchMock = serveAuth({ signup: [apiError(500, 'INTERNAL')] });
    const user = userEvent.setup();
    await renderStep();
    await fillIn(user);
    await screen.findByText('Could not register.');

    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields correctly.');
    expect(sentBodies(fetchMock, '/api/auth/signup')).toHaveLength(1);
  });

  it('says when to try again when sending the code is rate limited', async () => {
    serveAuth({
      signup: [apiError(409, 'CONFLICT')],
      login: [apiError(429, 'RATE_LIMITED', 'Slow down', { 'Retry-After': '120' })],
    });
    const user = userEvent.setup();
    await renderStep();

    await fillIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Try again in 2 minutes.');
    // Said once, where the person is looking: no toast repeats it.
    expect(toasts()).toEqual([]);
    expect(screen.getByLabelText('Phone number')).toHaveValue('0712345678');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('shows why a wrong code failed and signs in with the right one', async () => {
    const fetchMock = serveAuth({
      signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })],
      login: [jsonResponse(LOGIN_ANSWER)],
      verify: [
        apiError(400, 'OTP_INVALID', 'Wrong code: 4 tries left'),
        jsonResponse(VERIFY_ANSWER),
      ],
    });
    const user = userEvent.setup();
    await renderStep();
    await fillIn(user);
    await typeCode(user, '111111');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is wrong.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(sentBodies(fetchMock, '/api/auth/verify-otp')).toEqual([
      { phoneNumber: '0712345678', otp: '111111' },
      { phoneNumber: '0712345678', otp: '123456' },
    ]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe('access.token.value');
  });

  it('goes back to the details with "Wrong number?", keeping them, focus on the phone', async () => {
    serveAuth({
      signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })],
      login: [jsonResponse(LOGIN_ANSWER)],
    });
    const user = userEvent.setup();
    await renderStep();
    await fillIn(user);
    await screen.findByLabelText('Code');

    await user.click(screen.getByRole('button', { name: 'Wrong number?' }));

    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveValue('0712345678');
    expect(phone).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveValue('Asha');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('registers once however fast the form is submitted', async () => {
    const fetchMock = serveAuth({
      signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })],
      login: [jsonResponse(LOGIN_ANSWER)],
    });
    await renderStep();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Mushi' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0712345678' } });
    const form = screen.getByRole('button', { name: 'Continue' }).closest('form')!;

    fireEvent.submit(form);
    fireEvent.submit(form);

    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/auth/signup')).toHaveLength(1);
    expect(sentBodies(fetchMock, '/api/auth/login')).toHaveLength(1);
  });
});
