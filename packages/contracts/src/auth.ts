import { z } from 'zod';
import { OTP_PATTERN, PERSON_NAME_MAX_LENGTH, PERSON_NAME_PATTERN } from './auth-values';

/*
 * Sign-in calls (POST /api/auth/…), with the public API's field names. A phone number is
 * accepted as the user typed it (0712345678, +255712345678, 255 712 345 678); the API normalises
 * it to E.164 and answers 400 when it is not a Tanzanian mobile number.
 */

export const ZPhoneNumberInput = z.string().trim().min(1, 'is required').max(20, 'is too long');

export const ZPersonName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(PERSON_NAME_MAX_LENGTH, `must be at most ${PERSON_NAME_MAX_LENGTH} characters`)
  .regex(PERSON_NAME_PATTERN, 'may contain only letters, spaces, apostrophes, hyphens and dots');

/** POST /api/auth/signup */
export const ZSignupBody = z.object({
  firstName: ZPersonName,
  lastName: ZPersonName,
  phoneNumber: ZPhoneNumberInput,
});
export type TSignupBody = z.infer<typeof ZSignupBody>;

export const ZSignupResponse = z.object({
  message: z.string(),
  /** The new user's id. */
  sub: z.uuid(),
});
export type TSignupResponse = z.infer<typeof ZSignupResponse>;

/** POST /api/auth/login: sends a code by SMS. The code is never in the answer. */
export const ZLoginBody = z.object({ phoneNumber: ZPhoneNumberInput });
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZLoginResponse = z.object({
  message: z.string(),
  /** The phone the code went to, masked (+255 7•• ••• 678). */
  sentTo: z.string(),
  /** How long the code is valid. */
  expiresInSeconds: z.number().int().positive(),
  /** When the next code may be asked for. */
  resendInSeconds: z.number().int().nonnegative(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /api/auth/verify-otp */
export const ZVerifyOtpBody = z.object({
  phoneNumber: ZPhoneNumberInput,
  otp: z.string().trim().regex(OTP_PATTERN, 'must be the 6 digits of the code'),
});
export type TVerifyOtpBody = z.infer<typeof ZVerifyOtpBody>;

export const ZVerifyOtpResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** The user's display name: first and last name. */
  username: z.string(),
  /** The user's id. */
  sub: z.uuid(),
  /** Seconds the access token lives. */
  expires_in: z.number().int().positive(),
});
export type TVerifyOtpResponse = z.infer<typeof ZVerifyOtpResponse>;

export const ZRefreshToken = z.string().min(1, 'is required').max(200, 'is not valid');

/** POST /api/auth/refresh-token: the token is rotated; the one sent is spent. */
export const ZRefreshTokenBody = z.object({ refreshToken: ZRefreshToken });
export type TRefreshTokenBody = z.infer<typeof ZRefreshTokenBody>;

export const ZRefreshTokenResponse = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expires_in: z.number().int().positive(),
});
export type TRefreshTokenResponse = z.infer<typeof ZRefreshTokenResponse>;

/** POST /api/auth/logout: ends the session the refresh token belongs to. */
export const ZLogoutBody = z.object({ refreshToken: ZRefreshToken });
export type TLogoutBody = z.infer<typeof ZLogoutBody>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
