import { beforeEach, describe, expect, it } from 'vitest';
import { ZAdminMe } from '@makazi/contracts/admin';
import { SESSION_STORAGE_KEYS } from '@makazi/contracts/auth-values';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch } from '../../../testing/test-utils';
import { AdminApiError, adminJson } from './admin-client';
import {
  ADMIN_TOKEN_KEY,
  adminSessionEndReason,
  clearAdminToken,
  getAdminToken,
  setAdminToken,
} from './admin-session';

const ME = { id: '0b8f9a52-3c1d-4e6f-8a9b-0c1d2e3f4a5b', username: 'moderator' };

beforeEach(() => {
  clearAdminToken('signedOut');
  window.sessionStorage.clear();
});

function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

describe('the admin client', () => {
  it('sends the admin token, never the user token, and parses with the contract', async () => {
    setSession({ token: 'user-token', refreshToken: 'r', user: 'Amina', sub: 'u1' });
    setAdminToken('admin-token');
    const fetchMock = mockFetch(() => jsonResponse(ME));
    await expect(adminJson('GET', '/admin/me', ZAdminMe)).resolves.toEqual(ME);
    expect(headerOf(fetchMock.mock.calls[0]?.[1], 'Authorization')).toBe('Bearer admin-token');
    // The two sessions live apart: the admin token in sessionStorage, the user's untouched.
    expect(window.sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBe('admin-token');
    expect(window.localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe('user-token');
  });

  it('ends the admin session on a 401 and keeps the server message', async () => {
    setAdminToken('admin-token');
    mockFetch(() =>
      jsonResponse(
        { statusCode: 401, code: 'UNAUTHORIZED', message: 'Session revoked' },
        { status: 401 },
      ),
    );
    const error = await adminJson('GET', '/admin/me', ZAdminMe).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).message).toBe('Session revoked');
    expect(getAdminToken()).toBeNull();
    expect(adminSessionEndReason()).toBe('expired');
  });

  it('keeps the session on other errors and reads field details and Retry-After', async () => {
    setAdminToken('admin-token');
    mockFetch(() =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid body',
          details: [{ field: 'reason', message: 'too short' }],
        },
        { status: 400, headers: { 'Retry-After': '30' } },
      ),
    );
    const error = (await adminJson('GET', '/admin/me', ZAdminMe).catch(
      (caught: unknown) => caught,
    )) as AdminApiError;
    expect(error.details).toEqual([{ field: 'reason', message: 'too short' }]);
    expect(error.retryAfterSeconds).toBe(30);
    expect(getAdminToken()).toBe('admin-token');
  });

  it('refuses an answer that does not match the contract', async () => {
    setAdminToken('admin-token');
    mockFetch(() => jsonResponse({ id: 'not-a-uuid' }));
    await expect(adminJson('GET', '/admin/me', ZAdminMe)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('does not call the server without a token', async () => {
    const fetchMock = mockFetch(() => jsonResponse(ME));
    await expect(adminJson('GET', '/admin/me', ZAdminMe)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
