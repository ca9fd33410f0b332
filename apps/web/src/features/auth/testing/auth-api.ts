import { jsonResponse, mockFetch } from '../../../testing/test-utils';

/*
 * The sign-in API as the tests' fetch mock serves it: each call answers from a queue, so a test
 * can make the first send fail and the second succeed.
 */

export const USER_ID = '6f1c2a52-8d5e-4f6b-9a47-3c1d2e5b7a90';

export const LOGIN_ANSWER = {
  message: 'A code was sent to +255 7•• ••• 678',
  sentTo: '+255 7•• ••• 678',
  expiresInSeconds: 300,
  resendInSeconds: 42,
};

export const VERIFY_ANSWER = {
  access_token: 'access.token.value',
  refresh_token: 'refresh-token-value',
  username: 'Asha Mushi',
  sub: USER_ID,
  expires_in: 900,
};

export const SIGNUP_ANSWER = { message: 'User registered successfully', sub: USER_ID };

export function apiError(
  status: number,
  code: string,
  message = 'Request failed',
  headers: Record<string, string> = {},
) {
  return jsonResponse({ statusCode: status, code, message }, { status, headers });
}

type Answer = Response | (() => Response | Promise<Response>);

export interface AuthAnswers {
  login?: Answer[];
  verify?: Answer[];
  signup?: Answer[];
}

const PATHS = {
  '/api/auth/login': 'login',
  '/api/auth/verify-otp': 'verify',
  '/api/auth/signup': 'signup',
} as const;

/** Serves the queued answers in order; the last one repeats. Anything else is a 404. */
export function serveAuth(answers: AuthAnswers) {
  const used = { login: 0, verify: 0, signup: 0 };
  return mockFetch((url) => {
    const call = PATHS[url.pathname as keyof typeof PATHS] as keyof AuthAnswers | undefined;
    const queue = call ? answers[call] : undefined;
    if (!call || !queue?.length) return apiError(404, 'NOT_FOUND', 'No such route');
    const answer = queue[Math.min(used[call], queue.length - 1)];
    used[call] += 1;
    if (!answer) return apiError(500, 'INTERNAL');
    return typeof answer === 'function' ? answer() : answer.clone();
  });
}

/** The JSON bodies sent to one endpoint, in order. */
export function sentBodies(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new URL(url, 'http://localhost').pathname === path;
    })
    .map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    );
}
