import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { showToast } from '../../lib/toast';
import { LocationProbe, jsonResponse, renderApp } from '../../testing/test-utils';
import { LOGIN_ANSWER, apiError, serveAuth } from '../../features/auth/testing/auth-api';
import { LoginRoute } from './login';
import { RegisterRoute } from './register';

/*
 * Why signing in or registering failed is said once, in the form the person is looking at, and
 * "try again" only where trying again can help: not for a number without an account, which is
 * offered registering instead. Toasts are real here (recorded, and shown on the page), so a
 * message said twice is counted twice.
 */

vi.mock(import('../../lib/toast'), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});

const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/register', element: <RegisterRoute /> },
  { path: '*', element: <LocationProbe /> },
];

type Language = 'en' | 'sw';

const WORDS = {
  en: {
    phone: 'Phone number',
    login: 'Login',
    code: 'Code',
    verify: 'Verify',
    firstName: 'First name',
    lastName: 'Last name',
    register: 'Register',
    retry: /try again/gi,
  },
  sw: {
    phone: 'Namba ya simu',
    login: 'Ingia',
    code: 'Msimbo',
    verify: 'Thibitisha',
    firstName: 'Jina la kwanza',
    lastName: 'Jina la mwisho',
    register: 'Jisajili',
    retry: /jaribu tena/gi,
  },
} as const;

/** How many times `text` is on the page: the forms, and any toast shown. */
async function timesShown(text: string): Promise<number> {
  // A toast asked for is on the page once its module and container are.
  await Promise.all(
    vi.mocked(showToast).mock.results.map((result) => result.value as Promise<void>),
  );
  return (document.body.textContent ?? '').split(text).length - 1;
}

async function timesRetryOffered(language: Language): Promise<number> {
  await timesShown('');
  return (document.body.textContent ?? '').match(WORDS[language].retry)?.length ?? 0;
}

async function sendCode(language: Language) {
  const words = WORDS[language];
  const user = userEvent.setup();
  await renderApp(null, { routes, url: '/login', language });
  await user.type(screen.getByLabelText(words.phone), '0712345678');
  // The page's heading says Ingia too in Swahili: the form's submit button is the one.
  const [submit] = screen
    .getAllByRole('button', { name: words.login })
    .filter((button) => button.getAttribute('type') === 'submit');
  await user.click(submit!);
  return user;
}

interface Failure {
  name: string;
  answer: () => Response | Promise<Response>;
  reason: Record<Language, string>;
  /** Whether sending the same request again can succeed: "try again" is said once, else never. */
  retryHelps: boolean;
  /** The way out offered instead, when there is one. */
  offer?: Record<Language, string>;
}

const SEND_FAILURES: Failure[] = [
  {
    name: 'a number without an account (404)',
    answer: () => apiError(404, 'NOT_FOUND', 'No user with this phone'),
    reason: {
      en: 'No account uses this number. Register first.',
      sw: 'Hakuna akaunti inayotumia namba hii. Jisajili kwanza.',
    },
    retryHelps: false,
    offer: { en: 'Create an account', sw: 'Fungua akaunti' },
  },
  {
    name: 'a number the API refuses (400)',
    answer: () =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          details: [{ field: 'phoneNumber', message: 'is not a Tanzanian mobile number' }],
        },
        { status: 400 },
      ),
    reason: {
      en: 'This is not a Tanzanian mobile number.',
      sw: 'Hii si namba ya simu ya mkononi ya Tanzania.',
    },
    retryHelps: false,
  },
  {
    name: 'the limit of attempts, after its wait (429)',
    answer: () => apiError(429, 'RATE_LIMITED', 'Slow down', { 'Retry-After': '120' }),
    reason: {
      en: 'Too many attempts. Try again in 2 minutes.',
      sw: 'Umejaribu mara nyingi mno. Jaribu tena baada ya dakika 2.',
    },
    retryHelps: true,
  },
  {
    name: 'the SMS gateway failing (503)',
    answer: () => apiError(503, 'SERVICE_UNAVAILABLE'),
    reason: {
      en: 'The SMS could not be sent. Try again in a moment.',
      sw: 'SMS haikuweza kutumwa. Jaribu tena baada ya muda mfupi.',
    },
    retryHelps: true,
  },
  {
    name: 'the server failing (500)',
    answer: () => apiError(500, 'INTERNAL'),
    reason: { en: 'Something went wrong. Try again.', sw: 'Kuna tatizo limetokea. Jaribu tena.' },
    retryHelps: true,
  },
  {
    name: 'the network failing',
    answer: () => Promise.reject(new TypeError('Failed to fetch')),
    reason: {
      en: 'No connection. Check your internet and try again.',
      sw: 'Hakuna mtandao. Angalia intaneti yako kisha ujaribu tena.',
    },
    retryHelps: true,
  },
];

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe.each(['en', 'sw'] as const)('a failed sign-in, in %s', (language) => {
  it.each(SEND_FAILURES)(
    'says why once for $name, offering "try again" only where it can help',
    async ({ answer, reason, retryHelps, offer }) => {
      serveAuth({ login: [answer] });
      await sendCode(language);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(reason[language]);
      expect(await timesShown(reason[language])).toBe(1);
      expect(vi.mocked(showToast)).not.toHaveBeenCalled();
      expect(await timesRetryOffered(language)).toBe(retryHelps ? 1 : 0);
      if (offer) expect(within(alert).getByRole('link', { name: offer[language] })).toBeVisible();
    },
  );

  it('says a wrong code once, on the code step', async () => {
    serveAuth({
      login: [jsonResponse(LOGIN_ANSWER)],
      verify: [apiError(400, 'OTP_INVALID', 'Wrong code: 4 tries left')],
    });
    const user = await sendCode(language);
    await user.type(await screen.findByLabelText(WORDS[language].code), '111111');
    await user.click(screen.getByRole('button', { name: WORDS[language].verify }));

    const wrong = { en: 'That code is wrong.', sw: 'Msimbo huo si sahihi.' }[language];
    expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
    expect(await timesShown(wrong)).toBe(1);
    expect(vi.mocked(showToast)).not.toHaveBeenCalled();
  });

  it('says once that a number is registered already, offering sign-in, not "try again"', async () => {
    const words = WORDS[language];
    serveAuth({ signup: [apiError(409, 'CONFLICT', 'Phone already registered')] });
    const user = userEvent.setup();
    await renderApp(null, { routes, url: '/register', language });
    await user.type(screen.getByLabelText(words.firstName), 'Asha');
    await user.type(screen.getByLabelText(words.lastName), 'Mushi');
    await user.type(screen.getByLabelText(words.phone), '0712345678');
    const [submit] = screen
      .getAllByRole('button', { name: words.register })
      .filter((button) => button.getAttribute('type') === 'submit');
    await user.click(submit!);

    const conflict = {
      en: 'This phone number is already registered. Sign in instead.',
      sw: 'Namba hii ya simu tayari imesajiliwa. Ingia badala yake.',
    }[language];
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(conflict);
    expect(await timesShown(conflict)).toBe(1);
    expect(await timesRetryOffered(language)).toBe(0);
    expect(
      within(alert).getByRole('link', {
        name: { en: 'Go to sign in', sw: 'Nenda kuingia' }[language],
      }),
    ).toBeVisible();
  });
});
