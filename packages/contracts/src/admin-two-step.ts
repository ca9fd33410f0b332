import { z } from 'zod';
import { ZAdminLoginResponse } from './admin';

/*
 * Two-step sign-in for admins: a password, then a six-digit code from an authenticator app
 * (TOTP, RFC 6238: SHA-1, 30-second steps) or one of ten one-time recovery codes. Enrolment
 * happens on the admin's profile page. In production an admin without it may reach only their
 * profile, the enrolment routes and logout until they set it up.
 */

/** The 403 message of every other admin route while a production admin has no second step yet. */
export const TWO_STEP_SETUP_REQUIRED_MESSAGE = 'Set up two-step sign-in on your profile first.';

/** Recovery codes made at once; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;

/** Six digits, one space allowed in the middle as authenticator apps show them ("123 456"). */
export const ZTotpCode = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, 'must be the 6-digit code from the authenticator app');

/** As printed (abcd-efgh-jklm-npqr); any case, dashes and spaces are ignored. */
export const ZRecoveryCode = z.string().trim().min(1).max(64);

/** POST /api/admin/login when the admin has two-step sign-in on: no session yet. */
export const ZAdminMfaChallenge = z.object({
  mfaRequired: z.literal(true),
  /** Five minutes, for this admin's second step only (POST /api/admin/login/second-factor). */
  mfaToken: z.string(),
});
export type TAdminMfaChallenge = z.infer<typeof ZAdminMfaChallenge>;

/** POST /api/admin/login: the tokens, or the challenge of the second step. */
export const ZAdminLoginAnswer = z.union([ZAdminLoginResponse, ZAdminMfaChallenge]);
export type TAdminLoginAnswer = z.infer<typeof ZAdminLoginAnswer>;

/** POST /api/admin/login/second-factor: the challenge with a current code or a recovery code. */
export const ZAdminSecondFactorBody = z
  .object({
    mfaToken: z.string().min(1, 'is required').max(2048),
    code: ZTotpCode.optional(),
    recoveryCode: ZRecoveryCode.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: 'Give either the code or a recovery code',
    path: ['code'],
  });
export type TAdminSecondFactorBody = z.infer<typeof ZAdminSecondFactorBody>;

/** GET /api/admin/me/two-step: the profile page's state of two-step sign-in. */
export const ZAdminTwoStepStatus = z.object({
  enabled: z.boolean(),
  /** ISO 8601; null while off. */
  enabledAt: z.string().nullable(),
  /** Unused recovery codes; 0 while off. */
  recoveryCodesLeft: z.number().int(),
  /** true in production: it cannot be turned off, and nothing else opens until it is on. */
  required: z.boolean(),
});
export type TAdminTwoStepStatus = z.infer<typeof ZAdminTwoStepStatus>;

/** POST /api/admin/me/two-step/setup: what the authenticator app needs, shown once. */
export const ZAdminTwoStepSetup = z.object({
  /** otpauth://totp/Makazi:<username>?secret=…&issuer=Makazi&algorithm=SHA1&digits=6&period=30 */
  otpauthUri: z.string(),
  /** The same URI as a QR code: an image data URL (SVG). */
  qrCode: z.string(),
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
});
export type TAdminTwoStepSetup = z.infer<typeof ZAdminTwoStepSetup>;

/** Confirm, regenerate recovery codes, turn off: each needs a current code. */
export const ZAdminTwoStepCodeBody = z.object({ code: ZTotpCode });
export type TAdminTwoStepCodeBody = z.infer<typeof ZAdminTwoStepCodeBody>;

/** Confirm and regenerate: the new recovery codes, shown this once (only their hashes are kept). */
export const ZAdminRecoveryCodes = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type TAdminRecoveryCodes = z.infer<typeof ZAdminRecoveryCodes>;
