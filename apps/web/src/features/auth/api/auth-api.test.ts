import { describe, expect, it } from 'vitest';
import { LOGIN_ANSWER, SIGNUP_ANSWER, VERIFY_ANSWER } from '../testing/auth-api';
import { isLoginResponse } from './login';
import { isSignupResponse } from './signup';
import { isVerifyOtpResponse } from './verify-otp';

describe('answer checks', () => {
  it('accept the contract answers', () => {
    expect(isLoginResponse(LOGIN_ANSWER)).toBe(true);
    expect(isVerifyOtpResponse(VERIFY_ANSWER)).toBe(true);
    expect(isSignupResponse(SIGNUP_ANSWER)).toBe(true);
  });

  it('refuse answers missing what the forms read', () => {
    expect(isLoginResponse({ ...LOGIN_ANSWER, sentTo: undefined })).toBe(false);
    expect(isLoginResponse({ ...LOGIN_ANSWER, resendInSeconds: -1 })).toBe(false);
    expect(isLoginResponse({ ...LOGIN_ANSWER, resendInSeconds: '42' })).toBe(false);
    expect(isVerifyOtpResponse({ ...VERIFY_ANSWER, access_token: '' })).toBe(false);
    expect(isVerifyOtpResponse({ ...VERIFY_ANSWER, refresh_token: null })).toBe(false);
    expect(isVerifyOtpResponse({ ...VERIFY_ANSWER, sub: undefined })).toBe(false);
    expect(isSignupResponse({ message: 'ok' })).toBe(false);
    expect(isSignupResponse('<html>')).toBe(false);
  });
});
