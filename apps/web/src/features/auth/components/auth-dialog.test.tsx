import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '@makazi/contracts/auth-values';
import { getAuthModal, openAuthModal, useAuthModal } from '../../../lib/auth-modal';
import { showToast } from '../../../lib/toast';
import { jsonResponse, renderApp } from '../../../testing/test-utils';
import {
  LOGIN_ANSWER,
  SIGNUP_ANSWER,
  VERIFY_ANSWER,
  apiError,
  sentBodies,
  serveAuth,
} from '../testing/auth-api';
import AuthDialog from './auth-dialog';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

/** As the header wires it: an opener, and the dialog rendered only while the modal is open. */
function Host() {
  const { modal } = useAuthModal();
  return (
    <>
      <button type="button" onClick={() => openAuthModal('login')}>
        Open sign in
      </button>
      {modal !== 'none' ? <AuthDialog /> : null}
    </>
  );
}

async function openFromButton(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open sign in' }));
  return screen.findByRole('dialog', { name: 'Sign in' });
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('the sign-in popover', () => {
  it('opens titled, with focus on the phone field, and closes with its close button', async () => {
    serveAuth({});
    const user = userEvent.setup();
    await renderApp(<Host />, { url: '/lease', path: '/lease' });

    const dialog = await openFromButton(user);

    expect(within(dialog).getByLabelText('Phone number')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(getAuthModal().modal).toBe('none');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open sign in' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    serveAuth({});
    const user = userEvent.setup();
    await renderApp(<Host />);
    await openFromButton(user);

    await user.keyboard('{Escape}');

    expect(getAuthModal().modal).toBe('none');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open sign in' })).toHaveFocus();
  });

  it('closes on a click outside the panel, not on one inside it', async () => {
    serveAuth({});
    const user = userEvent.setup();
    await renderApp(<Host />);
    const dialog = await openFromButton(user);

    await user.click(within(dialog).getByRole('heading', { name: 'Sign in' }));
    expect(getAuthModal().modal).toBe('login');

    // The backdrop belongs to the <dialog> element itself; the panel covers the rest of it.
    await user.click(dialog);
    expect(getAuthModal().modal).toBe('none');
  });

  it('can stay mounted between openings', async () => {
    serveAuth({});
    const user = userEvent.setup();
    await renderApp(
      <>
        <button type="button" onClick={() => openAuthModal('register')}>
          Open register
        </button>
        <AuthDialog />
      </>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(within(dialog).getByLabelText('First name')).toHaveFocus();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open register' })).toHaveFocus();

    act(() => openAuthModal('login'));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('opens as a native modal where the browser has showModal', async () => {
    serveAuth({});
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
    try {
      const user = userEvent.setup();
      await renderApp(<Host />);
      await openFromButton(user);
      expect(showModal).toHaveBeenCalledTimes(1);

      act(() => openAuthModal('register'));
      expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
      expect(showModal).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
    }
  });

  it('switches to Register and back, carrying the phone number', async () => {
    serveAuth({});
    const user = userEvent.setup();
    await renderApp(<Host />);
    const dialog = await openFromButton(user);
    await user.type(within(dialog).getByLabelText('Phone number'), '0712345678');

    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    const register = await screen.findByRole('dialog', { name: 'Register' });
    expect(within(register).getByLabelText('First name')).toHaveFocus();
    expect(within(register).getByLabelText('Phone number')).toHaveValue('0712345678');

    await user.click(within(register).getByRole('button', { name: 'Sign in' }));

    const login = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(within(login).getByLabelText('Phone number')).toHaveValue('0712345678');
    expect(within(login).getByLabelText('Phone number')).toHaveFocus();
  });

  it('signs in and leaves the visitor on the page they are on', async () => {
    serveAuth({ login: [jsonResponse(LOGIN_ANSWER)], verify: [jsonResponse(VERIFY_ANSWER)] });
    const user = userEvent.setup();
    await renderApp(<Host />, { url: '/lease', path: '/lease' });
    const dialog = await openFromButton(user);

    await user.type(within(dialog).getByLabelText('Phone number'), '0712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByText('We sent a code to +255 7•• ••• 678')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(getAuthModal().modal).toBe('none'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe('access.token.value');
    expect(vi.mocked(showToast).mock.calls).toEqual([['Login successful!', 'success']]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease$/);
  });

  it('goes on to the page a guard sent the visitor from', async () => {
    serveAuth({ login: [jsonResponse(LOGIN_ANSWER)], verify: [jsonResponse(VERIFY_ANSWER)] });
    const user = userEvent.setup();
    await renderApp(<Host />, {
      url: '/home',
      path: '/home',
      state: { from: { pathname: '/posts', search: '', hash: '' } },
    });
    const dialog = await openFromButton(user);

    await user.type(within(dialog).getByLabelText('Phone number'), '0712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await user.type(await within(dialog).findByLabelText('Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    expect(getAuthModal().modal).toBe('none');
  });

  it('turns an unknown number into the Register form with the number filled in', async () => {
    serveAuth({ login: [apiError(404, 'NOT_FOUND')] });
    const user = userEvent.setup();
    await renderApp(<Host />);
    const dialog = await openFromButton(user);

    await user.type(within(dialog).getByLabelText('Phone number'), '0712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No account uses this number. Register first.');
    // The popover shows the reason only; the 'Could not sign in' line belongs to the screen.
    expect(alert).not.toHaveTextContent('Could not sign in');

    await user.click(within(alert).getByRole('button', { name: 'Create an account' }));

    const register = await screen.findByRole('dialog', { name: 'Register' });
    expect(within(register).getByLabelText('Phone number')).toHaveValue('0712345678');
  });

  it('after registering, sends the code to the new number at once and asks for it', async () => {
    const fetchMock = serveAuth({
      signup: [jsonResponse(SIGNUP_ANSWER, { status: 201 })],
      login: [jsonResponse(LOGIN_ANSWER)],
    });
    const user = userEvent.setup();
    await renderApp(<Host />);
    act(() => openAuthModal('register'));
    const register = await screen.findByRole('dialog', { name: 'Register' });

    await user.type(within(register).getByLabelText('First name'), 'Asha');
    await user.type(within(register).getByLabelText('Last name'), 'Mushi');
    await user.type(within(register).getByLabelText('Phone number'), '0712345678');
    await user.click(within(register).getByRole('button', { name: 'Register' }));

    // No second tap: the code step, with the code already on its way.
    const login = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(await within(login).findByLabelText('Code')).toBeInTheDocument();
    expect(getAuthModal()).toEqual({ modal: 'login', phoneNumber: '0712345678', sendCode: true });
    expect(sentBodies(fetchMock, '/api/auth/signup')).toHaveLength(1);
    expect(sentBodies(fetchMock, '/api/auth/login')).toEqual([{ phoneNumber: '0712345678' }]);
  });

  it('offers sign-in in place when the number is already registered', async () => {
    serveAuth({ signup: [apiError(409, 'CONFLICT')] });
    const user = userEvent.setup();
    await renderApp(<Host />);
    act(() => openAuthModal('register', '0712345678'));
    const register = await screen.findByRole('dialog', { name: 'Register' });

    await user.type(within(register).getByLabelText('First name'), 'Asha');
    await user.type(within(register).getByLabelText('Last name'), 'Mushi');
    await user.click(within(register).getByRole('button', { name: 'Register' }));
    const alert = await within(register).findByRole('alert');
    expect(alert).toHaveTextContent('Could not register.');
    expect(alert).toHaveTextContent('This phone number is already registered. Sign in instead.');

    await user.click(within(alert).getByRole('button', { name: 'Go to sign in' }));

    const login = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(within(login).getByLabelText('Phone number')).toHaveValue('0712345678');
  });
});

describe('a number locked for the day (too many wrong codes)', () => {
  const locked = (retryAfter: number) =>
    apiError(429, 'RATE_LIMITED', 'Too many wrong codes today. Try again in 24 hours.', {
      'Retry-After': String(retryAfter),
    });

  it('says so in Swahili when the code cannot be sent', async () => {
    serveAuth({ login: [locked(23 * 3600 + 1800)] });
    const user = userEvent.setup();
    await renderApp(<Host />, { language: 'sw' });
    await user.click(screen.getByRole('button', { name: 'Open sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ingia' });

    await user.type(within(dialog).getByLabelText('Namba ya simu'), '0712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Ingia' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Umeweka misimbo mingi isiyo sahihi leo. Jaribu tena baada ya saa 24.',
    );
    expect(alert).not.toHaveTextContent('Too many');
  });

  it('says so in English when the code is refused, apart from other limits', async () => {
    serveAuth({ login: [jsonResponse(LOGIN_ANSWER)], verify: [locked(5 * 3600)] });
    const user = userEvent.setup();
    await renderApp(<Host />);
    const dialog = await openFromButton(user);

    await user.type(within(dialog).getByLabelText('Phone number'), '0712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await user.type(await within(dialog).findByLabelText('Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Too many wrong codes today. Try again in 5 hours.');
    expect(alert).not.toHaveTextContent('Too many attempts');
  });
});
