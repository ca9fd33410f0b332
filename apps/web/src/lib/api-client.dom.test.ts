import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, requestedUrls } from '../testing/test-utils';
import {
  API_TIMEOUT_MS,
  ApiError,
  apiGet,
  apiSend,
  apiSendNoContent,
  parseErrorBody,
  parseNextCursor,
  setApiLanguage,
} from './api-client';
import { clearSession, getSession, setSession } from './session';

const ZThing = (body: unknown): body is { ok: boolean } =>
  typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean';

afterEach(() => {
  vi.useRealTimers();
  setApiLanguage('en');
});

describe('parseNextCursor', () => {
  it('reads the cursor of rel="next"', () => {
    expect(parseNextCursor('</api/properties?type=Rent&cursor=abc%3D&limit=12>; rel="next"')).toBe(
      'abc=',
    );
    expect(parseNextCursor('<https://x.example/api/properties?cursor=zz>; rel=next')).toBe('zz');
    expect(parseNextCursor('</a?cursor=prev>; rel="prev", </a?cursor=nxt>; rel="next"')).toBe(
      'nxt',
    );
  });
  it('is null without a next link', () => {
    expect(parseNextCursor(null)).toBeNull();
    expect(parseNextCursor('</a?cursor=prev>; rel="prev"')).toBeNull();
  });
});

describe('apiGet', () => {
  it('validates the body, returns the next cursor and sends Accept-Language', async () => {
    setApiLanguage('sw');
    const fetchMock = mockFetch(() =>
      jsonResponse({ ok: true }, { headers: { Link: '</api/x?cursor=c2>; rel="next"' } }),
    );
    const result = await apiGet('/x', ZThing, { query: { a: 1, b: undefined, c: '' } });
    expect(result).toEqual({ data: { ok: true }, nextCursor: 'c2' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/x?a=1');
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('sw');
  });

  it('parses the API error body once into an ApiError', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'minPrice: must be a whole number of TZS',
          details: [{ field: 'minPrice', message: 'must be a whole number of TZS' }],
        },
        { status: 400 },
      ),
    );
    const error = await apiGet('/x', ZThing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'minPrice', message: 'must be a whole number of TZS' }],
    });
  });

  it('turns a non-JSON failure into a typed error by status', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/x', ZThing)).rejects.toMatchObject({ status: 502, code: 'INTERNAL' });
  });

  it.each([
    ['an unknown code', { statusCode: 400, code: 'TEAPOT', message: 'x' }],
    ['no message', { statusCode: 400, code: 'VALIDATION_FAILED' }],
    ['a fractional status', { statusCode: 400.5, code: 'VALIDATION_FAILED', message: 'x' }],
    ['bad details', { statusCode: 400, code: 'VALIDATION_FAILED', message: 'x', details: [1] }],
    ['an array', [{ statusCode: 400, code: 'VALIDATION_FAILED', message: 'x' }]],
    ['null', null],
    ['a string', 'Bad request'],
  ])('falls back to the status for an error body with %s', async (_label, body) => {
    mockFetch(() => jsonResponse(body, { status: 404 }));
    const error = await apiGet('/x', ZThing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', details: [] });
  });

  it('reads an error body without details as having none', () => {
    expect(parseErrorBody({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in' })).toEqual(
      new ApiError(401, 'UNAUTHORIZED', 'Sign in', []),
    );
  });

  it('turns an empty error body into a typed error by status', async () => {
    mockFetch(() => new Response(null, { status: 500 }));
    await expect(apiGet('/x', ZThing)).rejects.toMatchObject({ status: 500, code: 'INTERNAL' });
  });

  it('rejects a body that breaks the contract', async () => {
    mockFetch(() => jsonResponse({ ok: 'yes' }));
    await expect(apiGet('/x', ZThing)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    mockFetch(() => new Response('<html>captive portal</html>', { status: 200 }));
    await expect(apiGet('/x', ZThing)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('reports a network failure as NETWORK', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiGet('/x', ZThing)).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it(`gives up after ${API_TIMEOUT_MS} ms with TIMEOUT`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const pending = apiGet('/x', ZThing).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('apiSendNoContent', () => {
  it('resolves on a 204 without reading a body, sending the JSON it was given', async () => {
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiSendNoContent('POST', '/x/seen', { a: 1 })).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/x/seen');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
  });

  it('throws the API error of a refusal', async () => {
    mockFetch(() =>
      jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'gone' }, { status: 404 }),
    );
    await expect(apiSendNoContent('DELETE', '/x', undefined)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

describe('offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
  });

  function goOffline() {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  }

  it('says at once that an action needs the internet, without asking the network', async () => {
    goOffline();
    setSession({ token: 't', refreshToken: 'r', user: 'Amina Juma', sub: 'u1' });
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await expect(apiSend('POST', '/auth/login', { phone: '0712' }, ZThing)).rejects.toMatchObject({
      code: 'NETWORK',
      status: 0,
    });
    await expect(apiGet('/properties/p1/contact', ZThing, { auth: true })).rejects.toMatchObject({
      code: 'NETWORK',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still asks for a public read, which the service worker may answer from its copy', async () => {
    goOffline();
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await expect(apiGet('/properties', ZThing)).resolves.toMatchObject({ data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('authenticated requests', () => {
  const isOk = (body: unknown): body is { ok: true } =>
    typeof body === 'object' && body !== null && (body as { ok?: unknown }).ok === true;

  function signIn(token = 'old-token', refreshToken = 'refresh-1') {
    setSession({ token, refreshToken, user: 'Amina Juma', sub: 'u1' });
  }

  function authHeader(init: RequestInit | undefined): string | null {
    return new Headers(init?.headers).get('Authorization');
  }

  afterEach(() => clearSession());

  it('sends the access token as a Bearer header', async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await apiGet('/users/u1', isOk, { auth: true });
    expect(authHeader(fetchMock.mock.calls[0]?.[1])).toBe('Bearer old-token');
  });

  it('does not send the token to calls that do not ask for it', async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await apiGet('/properties', isOk);
    expect(authHeader(fetchMock.mock.calls[0]?.[1])).toBeNull();
  });

  it('fails with 401 without calling the API when nobody is signed in', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await expect(apiGet('/users/u1', isOk, { auth: true })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers a 401 with one refresh, stores the rotated tokens and retries once', async () => {
    signIn();
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/auth/refresh-token') {
        expect(JSON.parse(init?.body as string)).toEqual({ refreshToken: 'refresh-1' });
        return jsonResponse({ token: 'new-token', refreshToken: 'refresh-2', expires_in: 900 });
      }
      return authHeader(init) === 'Bearer new-token'
        ? jsonResponse({ ok: true })
        : jsonResponse(
            { statusCode: 401, code: 'UNAUTHORIZED', message: 'expired' },
            { status: 401 },
          );
    });
    await expect(
      apiSend('PATCH', '/users/u1', { firstName: 'A' }, isOk, { auth: true }),
    ).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(getSession()).toMatchObject({ token: 'new-token', refreshToken: 'refresh-2' });
    expect(localStorage.getItem('prop-refreshToken')).toBe('refresh-2');
    const retried = fetchMock.mock.calls[2]?.[1];
    expect(retried?.method).toBe('PATCH');
    expect(retried?.body).toBe(JSON.stringify({ firstName: 'A' }));
  });

  it('signs out cleanly when the refresh token is refused', async () => {
    signIn();
    mockFetch((url) =>
      url.pathname === '/api/auth/refresh-token'
        ? jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'ended' }, { status: 401 })
        : jsonResponse(
            { statusCode: 401, code: 'UNAUTHORIZED', message: 'expired' },
            { status: 401 },
          ),
    );
    await expect(apiGet('/users/u1', isOk, { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('prop-token')).toBeNull();
  });

  it('keeps the session when the refresh fails for want of a network', async () => {
    signIn();
    mockFetch((url) => {
      if (url.pathname === '/api/auth/refresh-token') throw new TypeError('Failed to fetch');
      return jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }, { status: 401 });
    });
    await expect(apiGet('/users/u1', isOk, { auth: true })).rejects.toMatchObject({
      code: 'NETWORK',
    });
    expect(getSession()).toMatchObject({ token: 'old-token', refreshToken: 'refresh-1' });
  });

  it('refreshes once for many requests that fail together', async () => {
    signIn();
    let refreshes = 0;
    mockFetch((url, init) => {
      if (url.pathname === '/api/auth/refresh-token') {
        refreshes += 1;
        return jsonResponse({ token: 'new-token', refreshToken: 'refresh-2', expires_in: 900 });
      }
      return authHeader(init) === 'Bearer new-token'
        ? jsonResponse({ ok: true })
        : jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }, { status: 401 });
    });
    await Promise.all([1, 2, 3].map(() => apiGet('/users/u1', isOk, { auth: true })));
    expect(refreshes).toBe(1);
  });

  it("uses another tab's newer token instead of spending the refresh token again", async () => {
    signIn('old-token', 'refresh-1');
    // Another tab refreshed meanwhile: storage holds the next pair, this tab's memory the old one.
    localStorage.setItem('prop-token', 'tab-token');
    localStorage.setItem('prop-refreshToken', 'refresh-2');
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/auth/refresh-token') throw new Error('must not refresh');
      return authHeader(init) === 'Bearer tab-token'
        ? jsonResponse({ ok: true })
        : jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }, { status: 401 });
    });
    await expect(apiGet('/users/u1', isOk, { auth: true })).resolves.toEqual({
      data: { ok: true },
      nextCursor: null,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getSession()).toMatchObject({ token: 'tab-token', refreshToken: 'refresh-2' });
  });

  it('refreshes a token about to expire before using it', async () => {
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 5 }));
    signIn(`h.${payload}.s`);
    const fetchMock = mockFetch((url) =>
      url.pathname === '/api/auth/refresh-token'
        ? jsonResponse({ token: 'new-token', refreshToken: 'refresh-2', expires_in: 900 })
        : jsonResponse({ ok: true }),
    );
    await apiGet('/users/u1', isOk, { auth: true });
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual([
      '/api/auth/refresh-token',
      '/api/users/u1',
    ]);
    expect(authHeader(fetchMock.mock.calls[1]?.[1])).toBe('Bearer new-token');
  });

  it('reads Retry-After of a 429 into the error', async () => {
    mockFetch(() =>
      jsonResponse(
        { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many' },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    );
    await expect(
      apiSend('POST', '/auth/login', { phoneNumber: '0712345678' }, isOk),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 42,
    });
  });
});
