import { z } from 'zod';
import { DEFAULT_LOCALE, ERROR_CODES, LOCALES } from './common-values';

/*
 * Zod schemas of the shared shapes. The values (locales, error codes) live in common-values.ts so
 * the browser can use them without zod; import them from there.
 */

export const ZLocale = z.enum(LOCALES);
export type TLocale = z.infer<typeof ZLocale>;
export { DEFAULT_LOCALE };

/** See ERROR_CODES: the one error vocabulary shared by API and web. */
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const ZFieldError = z.object({
  field: z.string(),
  message: z.string(),
});

export const ZErrorResponse = z.object({
  statusCode: z.number().int(),
  code: ZErrorCode,
  message: z.string(),
  /** Present on VALIDATION_FAILED: one entry per offending field. */
  details: z.array(ZFieldError).optional(),
  /**
   * Present on a checkout's CONFLICT while the user's earlier payment still waits for the payer:
   * that payment, to cancel (POST /api/payments/{id}/cancel) or to poll until it ends.
   */
  paymentId: z.uuid().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZUuidParam = z.object({ id: z.uuid() });
