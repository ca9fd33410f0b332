/*
 * Sign-in values and rules shared by API and web, free of zod so the sign-in dialog can use them
 * without shipping a schema library. auth.ts and users.ts build their schemas from these.
 */

/**
 * The phone rule of the login and register forms: ten digits starting with 0, as Tanzanians write
 * their number.
 */
export const LOCAL_PHONE_PATTERN = /^0\d{9}$/;
/** The format the forms' phone message names: 'Phone number must be in the format {phone}'. */
export const LOCAL_PHONE_FORMAT = '0XXXXXXXXX';

/**
 * A one-time code: six digits, valid five minutes, five wrong tries, so a code cannot be guessed
 * in its lifetime.
 */
export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^\d{6}$/;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** A new code can be asked for this long after the last one; the dialog counts it down. */
export const OTP_RESEND_AFTER_SECONDS = 60;
/**
 * How the 429 of a number locked for the day (too many wrong codes in 24 hours) begins, on login
 * and verify alike. Its code is RATE_LIMITED like every 429; the web recognises this lock by these
 * words to name it in the reader's language ("… Try again in 23 hours." follows).
 */
export const SIGN_IN_LOCKED_MESSAGE_START = 'Too many wrong codes today.';

export const PERSON_NAME_MAX_LENGTH = 50;
/**
 * Letters of any script with spaces, apostrophes, hyphens and dots between them ("Anna-Maria",
 * "O'Neil", "Mwl. Juma"): no digits, markup or control characters in a name shown to others.
 */
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’.-]*$/u;

/** The local-storage keys the browser keeps the session under; renaming one signs everyone out. */
export const SESSION_STORAGE_KEYS = {
  token: 'prop-token',
  refreshToken: 'prop-refreshToken',
  user: 'user',
  sub: 'sub',
} as const;
