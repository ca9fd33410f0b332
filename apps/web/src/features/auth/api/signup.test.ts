import { describe, expect, it } from 'vitest';
import { SIGNUP_ANSWER } from '../testing/auth-api';
import { isSignupResponse } from './signup';

describe('isSignupResponse', () => {
  it('accepts the contract answer', () => {
    expect(isSignupResponse(SIGNUP_ANSWER)).toBe(true);
  });

  it('refuses an answer that is not one', () => {
    expect(isSignupResponse({ message: 'ok' })).toBe(false);
    expect(isSignupResponse('<html>')).toBe(false);
  });
});
