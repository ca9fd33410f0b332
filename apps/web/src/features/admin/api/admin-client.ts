import type { z } from 'zod';
import {
  buildApiUrl,
  getApiLanguage,
  readErrorBody,
  retryAfterSeconds,
  type TQueryValue,
} from '../../../lib/api-client';
import { TWO_STEP_SETUP_REQUIRED_MESSAGE } from '@makazi/contracts/admin-two-step';
import { isRecord } from '../../../lib/guards';
import { clearAdminToken, getAdminToken, setTwoStepSetupRequired } from './admin-session';

/** An admin request gives up after 15 s: the admin works at a desk, but a stalled request must end. */
export const ADMIN_TIMEOUT_MS = 15_000;

export interface AdminFieldError {
  field: string;
  message: string;
}

/** Every failure of an admin call: the server's `{statusCode, code, message, details}` or a network one. */
export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: AdminFieldError[];
  /** From a 429's Retry-After header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    details: AdminFieldError[] = [],
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isAdminApiError(error: unknown): error is AdminApiError {
  return error instanceof AdminApiError;
}

function fieldErrors(value: unknown): AdminFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is AdminFieldError =>
      isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

/*
 * Unlike lib/api-client's parseErrorBody, any string code and message are kept, with the HTTP
 * status: the admin screens show the server's words even for a body outside the public contract.
 */
async function readError(response: Response): Promise<AdminApiError> {
  const body = await readErrorBody(response);
  const message =
    isRecord(body) && typeof body.message === 'string'
      ? body.message
      : response.statusText || 'Request failed';
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : 'HTTP_ERROR';
  return new AdminApiError(
    response.status,
    code,
    message,
    isRecord(body) ? fieldErrors(body.details) : [],
    retryAfterSeconds(response),
  );
}

export interface AdminRequestOptions {
  query?: Record<string, TQueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in sends no token, and its 401 is a wrong password, not an ended session. */
  anonymous?: boolean;
  accept?: string;
}

type Method = 'GET' | 'POST' | 'PATCH';

/**
 * One admin exchange: adds the admin bearer token, and treats a 401 as the end of the admin
 * session (the token is forgotten, and the admin area sends the admin to the login page).
 */
export async function adminFetch(
  method: Method,
  path: string,
  { query, body, signal, anonymous = false, accept = 'application/json' }: AdminRequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': getApiLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!anonymous) {
    const token = getAdminToken();
    if (!token) {
      clearAdminToken('expired');
      throw new AdminApiError(401, 'UNAUTHORIZED', 'Your admin session has ended');
    }
    headers.Authorization = `Bearer ${token}`;
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ADMIN_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new AdminApiError(0, 'TIMEOUT', 'The request timed out');
    if (signal?.aborted) throw error;
    throw new AdminApiError(0, 'NETWORK', 'The network request failed');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
  if (response.ok) return response;
  const error = await readError(response);
  if (response.status === 401 && !anonymous) clearAdminToken('expired');
  // In production, until two-step sign-in is on, every admin page but the profile says so.
  if (response.status === 403 && error.message === TWO_STEP_SETUP_REQUIRED_MESSAGE) {
    setTwoStepSetupRequired(true);
  }
  throw error;
}

/** An admin call whose JSON answer is parsed with the contract's zod schema. */
export async function adminJson<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: AdminRequestOptions = {},
): Promise<z.infer<S>> {
  const response = await adminFetch(method, path, options);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new AdminApiError(response.status, 'BAD_RESPONSE', 'The response was not JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AdminApiError(
      response.status,
      'BAD_RESPONSE',
      'The response has an unexpected shape',
    );
  }
  return parsed.data;
}
