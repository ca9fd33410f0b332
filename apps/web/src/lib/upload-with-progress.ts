import {
  ApiError,
  buildApiUrl,
  getAccessToken,
  getApiLanguage,
  parseErrorBody,
  refreshAccessToken,
  signedOutError,
  type BodyCheck,
} from './api-client';

/*
 * A multipart upload with progress. fetch cannot report how much of a request body has gone out,
 * so this one call uses XMLHttpRequest (upload.onprogress) and otherwise behaves like apiSend: the
 * Bearer token, one refresh and one retry on a 401, the API's error body as an ApiError, the
 * answer's outline checked.
 */

/**
 * An upload gives up when no byte has moved for this long. It has no total budget like the 10 s of
 * a JSON call: a megabyte of photos can take a minute on 3G and still be making progress.
 */
export const UPLOAD_STALL_TIMEOUT_MS = 30_000;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Send the signed-in user's token (see ApiRequestOptions.auth). */
  auth?: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  stallTimeoutMs?: number;
}

interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
}

/** The code of an error answer that did not carry the API's error body (a proxy's HTML page …). */
function codeOfStatus(status: number): ApiError['code'] {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}

function send(
  url: string,
  body: FormData,
  token: string | undefined,
  { onProgress, signal, stallTimeoutMs = UPLOAD_STALL_TIMEOUT_MS }: UploadOptions,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const armStallTimer = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        finish(() => reject(new ApiError(0, 'TIMEOUT', 'The upload stalled')));
        xhr.abort();
      }, stallTimeoutMs);
    };
    function onAbort() {
      finish(() => reject(abortError()));
      xhr.abort();
    }

    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getApiLanguage());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // The browser sets the multipart Content-Type with its boundary: never set it by hand.

    xhr.upload.onprogress = (event) => {
      armStallTimer();
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    // The body is out; the server now decodes and re-encodes the photos, which takes a moment.
    xhr.upload.onload = () => armStallTimer();
    xhr.onprogress = () => armStallTimer();
    xhr.onload = () =>
      finish(() =>
        resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText }),
      );
    xhr.onerror = () =>
      finish(() => reject(new ApiError(0, 'NETWORK', 'The network request failed')));
    xhr.ontimeout = () => finish(() => reject(new ApiError(0, 'TIMEOUT', 'The upload timed out')));
    signal?.addEventListener('abort', onAbort);

    armStallTimer();
    xhr.send(body);
  });
}

function errorOf(answer: RawAnswer): ApiError {
  return (
    parseErrorBody(parseJson(answer.text)) ??
    new ApiError(answer.status, codeOfStatus(answer.status), answer.statusText || 'Upload failed')
  );
}

/**
 * POST `body` (multipart) to the API path `path` (e.g. '/properties/{id}/media') and return the
 * checked JSON answer. Progress restarts from 0 when a 401 makes it send again.
 */
export async function uploadWithProgress<T>(
  path: string,
  body: FormData,
  check: BodyCheck<T>,
  options: UploadOptions = {},
): Promise<T> {
  const url = buildApiUrl(path);
  let token = options.auth ? await getAccessToken() : undefined;
  let answer = await send(url, body, token, options);
  if (answer.status === 401 && options.auth && token) {
    const fresh = await refreshAccessToken(token);
    if (!fresh) throw signedOutError();
    token = fresh;
    options.onProgress?.({ loaded: 0, total: 0 });
    answer = await send(url, body, token, options);
  }
  if (answer.status < 200 || answer.status >= 300) throw errorOf(answer);
  const parsed = parseJson(answer.text);
  if (parsed === undefined) {
    throw new ApiError(answer.status, 'BAD_RESPONSE', 'The response was not JSON');
  }
  if (!check(parsed)) {
    throw new ApiError(answer.status, 'BAD_RESPONSE', 'The response has an unexpected shape');
  }
  return parsed;
}
