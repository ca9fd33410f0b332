import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadOptions } from 'tus-js-client';
import { UPLOAD_CHUNK_BYTES } from '@makazi/contracts/upload-values';
import { signIn } from '../../../testing/account';
import { jsonResponse, mockFetch } from '../../../testing/test-utils';
import { ownListing, LISTING_ID } from '../testing/publish-api';
import { sendPhoto, UPLOAD_RETRY_DELAYS, type PhotoToSend } from './photo-uploads';

/*
 * The wrapper around tus-js-client: the options it gives tus (the client's own HTTP is tested by
 * its authors; the e2e suite runs it against the API), what it does with tus's outcomes, and the
 * attach call.
 */

const tus = vi.hoisted(() => {
  class FakeUpload {
    static all: FakeUpload[] = [];
    url: string | null;
    started = 0;
    aborted = false;
    constructor(
      readonly file: Blob,
      readonly options: UploadOptions,
    ) {
      this.url = options.uploadUrl ?? null;
      FakeUpload.all.push(this);
    }
    start() {
      this.started += 1;
    }
    abort() {
      this.aborted = true;
      return Promise.resolve();
    }
  }
  return { FakeUpload };
});
vi.mock('tus-js-client', () => ({ Upload: tus.FakeUpload }));

const UPLOAD_ID = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const UPLOAD_URL = `/api/uploads/${UPLOAD_ID}`;
const ATTACH_PATH = `/api/properties/${LISTING_ID}/photos/uploads/${UPLOAD_ID}`;

function photo(patch: Partial<PhotoToSend> = {}): PhotoToSend {
  return {
    listingId: LISTING_ID,
    label: 'picha_mbele',
    file: new Blob([new Uint8Array(600_000)], { type: 'image/jpeg' }),
    name: 'front.jpg',
    uploadUrl: null,
    sent: false,
    ...patch,
  };
}

function events() {
  return { onUploadUrl: vi.fn(), onProgress: vi.fn(), onSent: vi.fn() };
}

async function latestUpload(count = 1) {
  await vi.waitFor(() => expect(tus.FakeUpload.all).toHaveLength(count));
  return tus.FakeUpload.all[count - 1]!;
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(() => {
  tus.FakeUpload.all = [];
  signIn();
});

afterEach(() => {
  setOnline(true);
});

describe('sendPhoto', () => {
  it('sends the photo with tus in small chunks, resumably, then attaches it', async () => {
    const fetchMock = mockFetch(() => jsonResponse(ownListing('Land'), { status: 201 }));
    const on = events();
    const sending = sendPhoto(photo(), on, new AbortController().signal);

    const upload = await latestUpload();
    expect(upload.started).toBe(1);
    expect(upload.options).toMatchObject({
      endpoint: '/api/uploads',
      uploadUrl: null,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS,
      storeFingerprintForResuming: false,
      metadata: {
        propertyId: LISTING_ID,
        label: 'picha_mbele',
        filetype: 'image/jpeg',
        filename: 'front.jpg',
      },
    });

    // Each request takes the session's token as it is then.
    const headers: Record<string, string> = {};
    await upload.options.onBeforeRequest?.({
      setHeader: (name: string, value: string) => {
        headers[name] = value;
      },
    } as never);
    expect(headers.Authorization).toBe('Bearer access-token-1');

    upload.url = UPLOAD_URL;
    upload.options.onUploadUrlAvailable?.();
    expect(on.onUploadUrl).toHaveBeenCalledWith(UPLOAD_URL);
    upload.options.onProgress?.(300_000, 600_000);
    expect(on.onProgress).toHaveBeenCalledWith(300_000, 600_000);
    upload.options.onSuccess?.({} as never);

    await expect(sending).resolves.toMatchObject({ id: LISTING_ID });
    expect(on.onSent).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[0]!;
    const url = input instanceof Request ? input.url : input.toString();
    expect(new URL(url, 'http://localhost').pathname).toBe(ATTACH_PATH);
    expect(init?.method).toBe('POST');
  });

  it('carries on with the stored upload instead of creating another', async () => {
    mockFetch(() => jsonResponse(ownListing('Land'), { status: 201 }));
    const sending = sendPhoto(
      photo({ uploadUrl: UPLOAD_URL }),
      events(),
      new AbortController().signal,
    );
    const upload = await latestUpload();
    expect(upload.options.uploadUrl).toBe(UPLOAD_URL);
    upload.options.onSuccess?.({} as never);
    await expect(sending).resolves.toMatchObject({ id: LISTING_ID });
  });

  it('only attaches a photo whose bytes all arrived before the reload', async () => {
    const fetchMock = mockFetch(() => jsonResponse(ownListing('Land')));
    const on = events();
    await sendPhoto(photo({ uploadUrl: UPLOAD_URL, sent: true }), on, new AbortController().signal);
    expect(tus.FakeUpload.all).toHaveLength(0);
    expect(on.onSent).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops while offline and resumes from the same upload when the connection is back', async () => {
    mockFetch(() => jsonResponse(ownListing('Land'), { status: 201 }));
    const sending = sendPhoto(photo(), events(), new AbortController().signal);
    const first = await latestUpload();
    first.url = UPLOAD_URL;

    setOnline(false);
    expect(first.aborted).toBe(true);
    expect(tus.FakeUpload.all).toHaveLength(1);

    setOnline(true);
    const second = await latestUpload(2);
    expect(second.options.uploadUrl).toBe(UPLOAD_URL);
    second.options.onSuccess?.({} as never);
    await expect(sending).resolves.toMatchObject({ id: LISTING_ID });
  });

  it('retries server and network failures, not refusals', async () => {
    mockFetch(() => jsonResponse(ownListing('Land')));
    void sendPhoto(photo(), events(), new AbortController().signal).catch(() => {});
    const { options } = await latestUpload();
    const failure = (status: number) =>
      ({ originalResponse: status ? { getStatus: () => status } : null }) as never;
    expect(options.onShouldRetry?.(failure(0), 0, options)).toBe(true);
    expect(options.onShouldRetry?.(failure(503), 0, options)).toBe(true);
    expect(options.onShouldRetry?.(failure(423), 0, options)).toBe(true);
    expect(options.onShouldRetry?.(failure(413), 0, options)).toBe(false);
    expect(options.onShouldRetry?.(failure(403), 0, options)).toBe(false);
  });

  it('starts a new upload when the server no longer knows the stored one (attach 404)', async () => {
    let calls = 0;
    mockFetch(() =>
      ++calls === 1
        ? jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'gone' }, { status: 404 })
        : jsonResponse(ownListing('Land'), { status: 201 }),
    );
    const sending = sendPhoto(
      photo({ uploadUrl: UPLOAD_URL, sent: true }),
      events(),
      new AbortController().signal,
    );
    const fresh = await latestUpload();
    expect(fresh.options.uploadUrl).toBeNull();
    fresh.url = UPLOAD_URL.replace('5b1c', '6b1c');
    fresh.options.onSuccess?.({} as never);
    await expect(sending).resolves.toMatchObject({ id: LISTING_ID });
  });

  it('turns a refusal into the ApiError the wizard reads', async () => {
    const sending = sendPhoto(photo(), events(), new AbortController().signal);
    const upload = await latestUpload();
    upload.options.onError?.(
      Object.assign(new Error('tus: unexpected response'), {
        originalRequest: {},
        originalResponse: { getStatus: () => 413, getBody: () => 'Maximum size exceeded' },
      }),
    );
    await expect(sending).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});
