import { describe, expect, it } from 'vitest';
import { LOGIN_ANSWER } from '../testing/auth-api';
import { isLoginResponse } from './login';

describe('isLoginResponse', () => {
  it('accepts the contract answer', () => {
    expect(isLoginResponse(LOGIN_ANSWER)).toBe(true);
  });

  it('refuses an answer missing what the code step reads', () => {
    expect(isLoginResponse({ ...LOGIN_ANSWER, sentTo: undefined })).toBe(false);
    expect(isLoginResponse({ ...LOGIN_ANSWER, resendInSeconds: -1 })).toBe(false);
    expect(isLoginResponse({ ...LOGIN_ANSWER, resendInSeconds: '42' })).toBe(false);
  });
});
