import { Upload, type DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import type { TPictureLabel } from '@makazi/contracts/property-values';
import { UPLOAD_CHUNK_BYTES, UPLOADS_PATH } from '@makazi/contracts/upload-values';
import {
  ApiError,
  apiSend,
  getAccessToken,
  getApiLanguage,
  isApiError,
  parseErrorBody,
  refreshAccessToken,
} from '../../../lib/api-client';
import { isOffline } from '../../../lib/use-online';
import { isWriteAnswer, type WriteAnswer } from './listings';

/*
 * One photo's way onto its listing (issue 22, decision 043): its bytes go up with the tus
 * protocol in UPLOAD_CHUNK_BYTES pieces, each retried on its own, resuming from the server's
 * offset after a failure, a lost connection or a reload (the caller keeps the upload's URL); then
 * the attach call puts the photo in its slot. The attach is idempotent on the server, so repeating
 * it after a lost answer cannot add the photo twice.
 */

/** Waits before the retries of a failed request; a chunk that gets through starts them over. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface PhotoToSend {
  listingId: string;
  label: TPictureLabel;
  file: Blob;
  name: string;
  /** The upload created for this photo earlier (before a reload): carried on, not started again. */
  uploadUrl: string | null;
  /** Every byte has arrived already: only the attach is due. */
  sent: boolean;
}

export interface SendEvents {
  /** The upload's URL is known (created, or created anew): keep it to resume after a reload. */
  onUploadUrl: (url: string) => void | Promise<void>;
  onProgress: (sent: number, total: number) => void;
  /** Every byte has arrived; called (and awaited) before the attach. */
  onSent: () => void | Promise<void>;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}

/** Resolves once the browser says it is online again (at once when it is). */
function untilOnline(signal: AbortSignal): Promise<void> {
  if (!isOffline()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      window.removeEventListener('online', done);
      reject(abortError());
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** A tus failure as the ApiError every other call of the wizard gives. */
function apiErrorOf(error: Error | DetailedError): ApiError {
  const cause = 'causingError' in error ? error.causingError : null;
  // The token could not be had (the session ended): that error says it best.
  if (isApiError(cause)) return cause;
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new ApiError(0, 'NETWORK', 'The network request failed');
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody()) as unknown;
  } catch {
    // tus answers its own refusals in plain text; the status still says what happened.
  }
  const status = response.getStatus();
  return (
    parseErrorBody(body) ??
    new ApiError(
      status,
      status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL',
      response.getBody() || 'The upload failed',
    )
  );
}

type TRun = { kind: 'sent'; url: string | null } | { kind: 'offline'; url: string | null };

/**
 * One tus run: until every byte is there, or the browser goes offline (the run stops at once
 * rather than burning its retries, and the caller starts a new one when the connection is back).
 */
function runTus(
  photo: PhotoToSend,
  uploadUrl: string | null,
  events: SendEvents,
  signal: AbortSignal,
): Promise<TRun> {
  return new Promise((resolve, reject) => {
    let token: string | null = null;
    let refreshed = false;
    let finished = false;
    const finish = (settle: () => void) => {
      if (finished) return;
      finished = true;
      window.removeEventListener('offline', goneOffline);
      signal.removeEventListener('abort', aborted);
      settle();
    };
    const upload = new Upload(photo.file, {
      endpoint: UPLOADS_PATH,
      uploadUrl,
      uploadSize: photo.file.size,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS,
      metadata: {
        propertyId: photo.listingId,
        label: photo.label,
        filetype: photo.file.type,
        filename: photo.name,
      },
      // The wizard's draft keeps the URL; tus's own store (localStorage) would be a second copy.
      storeFingerprintForResuming: false,
      // A token expires every 15 minutes, a slow upload can outlast it: each request takes the
      // current one, refreshed as the API client refreshes it.
      onBeforeRequest: async (request: HttpRequest) => {
        token = await getAccessToken();
        request.setHeader('Authorization', `Bearer ${token}`);
        request.setHeader('Accept-Language', getApiLanguage());
      },
      onAfterResponse: async (_request: HttpRequest, response: HttpResponse) => {
        refreshed = false;
        if (response.getStatus() === 401 && token) {
          refreshed = (await refreshAccessToken(token)) !== null;
        }
      },
      onShouldRetry: (error: DetailedError) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        // A token refused before its time is retried once with the refreshed one.
        if (status === 401) return refreshed;
        if (isApiError(error.causingError)) return false;
        if (isOffline()) return false;
        return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
      },
      onUploadUrlAvailable: () => {
        if (upload.url) void Promise.resolve(events.onUploadUrl(upload.url)).catch(() => {});
      },
      onProgress: (sent, total) => events.onProgress(sent, total),
      onSuccess: () => finish(() => resolve({ kind: 'sent', url: upload.url })),
      onError: (error) => {
        if (isOffline()) finish(() => resolve({ kind: 'offline', url: upload.url }));
        else finish(() => reject(apiErrorOf(error)));
      },
    });
    // Offline: the request in flight may hang rather than fail; stop it, resume from the offset.
    const goneOffline = () => {
      void upload.abort();
      finish(() => resolve({ kind: 'offline', url: upload.url }));
    };
    const aborted = () => {
      void upload.abort();
      finish(() => reject(abortError()));
    };
    window.addEventListener('offline', goneOffline);
    signal.addEventListener('abort', aborted, { once: true });
    upload.start();
  });
}

/** Sends every byte not yet on the server, across lost connections; answers the upload's URL. */
async function sendBytes(
  photo: PhotoToSend,
  uploadUrl: string | null,
  events: SendEvents,
  signal: AbortSignal,
): Promise<string> {
  let url = uploadUrl;
  for (;;) {
    await untilOnline(signal);
    const run = await runTus(photo, url, events, signal);
    url = run.url ?? url;
    if (run.kind === 'sent') {
      if (!url) throw new ApiError(0, 'BAD_RESPONSE', 'The upload has no URL');
      return url;
    }
  }
}

function uploadIdOf(url: string): string {
  return new URL(url, window.location.href).pathname.split('/').pop() ?? '';
}

/** The attach, repeated while the connection is gone: it is idempotent, a repeat is harmless. */
async function attach(listingId: string, url: string, signal: AbortSignal): Promise<WriteAnswer> {
  for (let attempt = 0; ; attempt += 1) {
    await untilOnline(signal);
    try {
      return await apiSend(
        'POST',
        `/properties/${encodeURIComponent(listingId)}/photos/uploads/${encodeURIComponent(uploadIdOf(url))}`,
        undefined,
        isWriteAnswer,
        { auth: true, signal },
      );
    } catch (error) {
      const lostConnection =
        isApiError(error) && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
      const delay = UPLOAD_RETRY_DELAYS[attempt];
      if (signal.aborted || !lostConnection || delay === undefined) throw error;
      if (!isOffline()) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Sends one photo and attaches it to its listing; answers the listing as its owner sees it. An
 * upload the server no longer knows (swept after a day, or replaced) is started again, once.
 */
export async function sendPhoto(
  photo: PhotoToSend,
  events: SendEvents,
  signal: AbortSignal,
): Promise<WriteAnswer> {
  let { uploadUrl: url, sent } = photo;
  for (let fresh = false; ; fresh = true) {
    if (!sent || !url) {
      url = await sendBytes(photo, url, events, signal);
      await events.onSent();
    }
    try {
      return await attach(photo.listingId, url, signal);
    } catch (error) {
      if (!isApiError(error) || fresh) throw error;
      // 409: not every byte arrived after all (the record of it was ahead); 404: it is gone.
      if (error.status === 409) sent = false;
      else if (error.status === 404) {
        url = null;
        sent = false;
      } else throw error;
    }
  }
}
