import { describe, expect, it } from 'vitest';
import { VERIFY_ANSWER } from '../testing/auth-api';
import { isVerifyOtpResponse } from './verify-otp';

describe('isVerifyOtpResponse', () => {
  it('accepts the contract answer', () => {
    expect(isVerifyOtpResponse(VERIFY_ANSWER)).toBe(true);
  });

  it('refuses an answer without the session it starts', () => {
    expect(isVerifyOtpResponse({ ...VERIFY_ANSWER, access_token: '' })).toBe(false);
    expect(isVerifyOtpResponse({ ...VERIFY_ANSWER, refresh_token: null })).toBe(false);
    expect(isVerifyOtpResponse({ ...VERIFY_ANSWER, sub: undefined })).toBe(false);
  });
});
