import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setApiLanguage } from './api-client';
import { getSession, setSession } from './session';
import { jsonResponse, mockFetch } from '../testing/test-utils';
import { UPLOAD_STALL_TIMEOUT_MS, uploadWithProgress } from './upload-with-progress';

/** XMLHttpRequest driven by the test. */
class TestXhr {
  static sent: TestXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onprogress: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    TestXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const isAnswer = (body: unknown): body is { id: string } =>
  typeof body === 'object' && body !== null && typeof (body as { id?: unknown }).id === 'string';

/** Lets the upload's awaits (token, refresh) run until it has sent request number `count`. */
async function untilSent(count: number): Promise<TestXhr> {
  await vi.waitFor(() => expect(TestXhr.sent).toHaveLength(count));
  return TestXhr.sent[count - 1]!;
}

function form(): FormData {
  const data = new FormData();
  data.append('category', 'picha_mbele');
  data.append('files', new File(['x'], 'front.jpg', { type: 'image/jpeg' }));
  return data;
}

beforeEach(() => {
  TestXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', TestXhr);
  setSession({ token: 'token-1', refreshToken: 'refresh-1', user: 'Amina Juma', sub: 'user-1' });
  setApiLanguage('sw');
});

afterEach(() => {
  vi.useRealTimers();
  setApiLanguage('en');
});

describe('uploadWithProgress', () => {
  it('posts the form with the token and language, reports progress and returns the answer', async () => {
    const progress = vi.fn();
    const body = form();
    const upload = uploadWithProgress('/properties/abc/media', body, isAnswer, {
      auth: true,
      onProgress: progress,
    });

    const xhr = await untilSent(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/properties/abc/media');
    expect(xhr.body).toBe(body);
    expect(xhr.headers).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'sw',
      Authorization: 'Bearer token-1',
    });
    expect(xhr.headers).not.toHaveProperty('Content-Type');
    xhr.progress(50, 200);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 50, total: 200 });

    xhr.respond(201, { id: 'abc' });
    await expect(upload).resolves.toEqual({ id: 'abc' });
  });

  it('refreshes the token once on a 401 and sends again', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({ token: 'token-2', refreshToken: 'refresh-2' }),
    );
    const progress = vi.fn();
    const upload = uploadWithProgress('/properties/abc/media', form(), isAnswer, {
      auth: true,
      onProgress: progress,
    });

    (await untilSent(1)).respond(401, {
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: 'expired',
    });
    const retry = await untilSent(2);
    expect(retry.headers.Authorization).toBe('Bearer token-2');
    expect(progress).toHaveBeenLastCalledWith({ loaded: 0, total: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    retry.respond(200, { id: 'abc' });

    await expect(upload).resolves.toEqual({ id: 'abc' });
    expect(getSession()?.token).toBe('token-2');
  });

  it('ends with UNAUTHORIZED when the refresh is refused', async () => {
    mockFetch(() =>
      jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'no' }, { status: 401 }),
    );
    const upload = uploadWithProgress('/x', form(), isAnswer, { auth: true });

    (await untilSent(1)).respond(401, '');

    await expect(upload).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(TestXhr.sent).toHaveLength(1);
    expect(getSession()).toBeNull();
  });

  it.each([
    [
      'the API error body',
      413,
      {
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'too big',
        details: [{ field: 'files.0', message: 'm' }],
      },
      { status: 413, code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'files.0', message: 'm' }] },
    ],
    [
      'a proxy page for 413',
      413,
      '<html>Request Entity Too Large</html>',
      { status: 413, code: 'PAYLOAD_TOO_LARGE' },
    ],
    ['a bare 415', 415, '', { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }],
    ['a bare 400', 400, '', { status: 400, code: 'VALIDATION_FAILED' }],
    ['a 502', 502, 'Bad gateway', { status: 502, code: 'INTERNAL' }],
  ])('turns %s into an ApiError', async (_name, status, body, expected) => {
    const upload = uploadWithProgress('/x', form(), isAnswer);
    (await untilSent(1)).respond(status, body);
    const error: unknown = await upload.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(expected);
  });

  it('reports a network failure as NETWORK', async () => {
    const upload = uploadWithProgress('/x', form(), isAnswer);
    (await untilSent(1)).onerror?.();
    await expect(upload).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('gives up as TIMEOUT when no byte moves for the stall time, not before', async () => {
    vi.useFakeTimers();
    const upload = uploadWithProgress('/x', form(), isAnswer);
    const xhr = await untilSent(1);
    const outcome = upload.catch((caught: unknown) => caught);

    vi.advanceTimersByTime(UPLOAD_STALL_TIMEOUT_MS - 1_000);
    xhr.progress(10, 100);
    vi.advanceTimersByTime(UPLOAD_STALL_TIMEOUT_MS - 1_000);
    expect(xhr.aborted).toBe(false);
    vi.advanceTimersByTime(1_000);

    expect(await outcome).toMatchObject({ code: 'TIMEOUT' });
    expect(xhr.aborted).toBe(true);
  });

  it('refuses an answer of the wrong shape', async () => {
    const upload = uploadWithProgress('/x', form(), isAnswer);
    (await untilSent(1)).respond(200, { nope: true });
    await expect(upload).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const upload = uploadWithProgress('/x', form(), isAnswer, { signal: controller.signal });
    const xhr = await untilSent(1);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });
});
