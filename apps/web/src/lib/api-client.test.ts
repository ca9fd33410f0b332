import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../testing/test-utils';
import {
  API_TIMEOUT_MS,
  ApiError,
  apiGet,
  parseErrorBody,
  parseNextCursor,
  setApiLanguage,
} from './api-client';

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
