import { z } from 'zod';

export const ZLocale = z.enum(['en', 'sw']);
export type TLocale = z.infer<typeof ZLocale>;
export const DEFAULT_LOCALE: TLocale = 'en';

/**
 * The one error vocabulary shared by API and web. The API maps each code to an HTTP status in one
 * place; the web maps each code to a message in the user's language.
 */
export const ZErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
]);
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
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZUuidParam = z.object({ id: z.uuid() });
