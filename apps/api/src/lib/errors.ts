import type { TErrorCode } from '@makazi/contracts/common';

export interface FieldError {
  field: string;
  message: string;
}

/** The one code → HTTP status table: every error the API answers goes through it. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  FAVOURITES_LIMIT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  GONE: 410,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<TErrorCode, number>;

/**
 * An error a service means the client to see: its message is shown as is, so it must not carry
 * internals. Anything thrown that is not an AppError (or a Fastify client error) becomes a 500.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly details: FieldError[] | undefined;
  /** Sent as Retry-After (429, 503): when trying again makes sense. */
  readonly retryAfterSeconds: number | undefined = undefined;
  /** Sent as `paymentId` (a checkout's 409): the waiting payment the client should turn to. */
  readonly paymentId: string | undefined = undefined;

  /** `cause` is logged for 5xx answers and never sent. */
  constructor(code: TErrorCode, message: string, details?: FieldError[], cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** A 400 about one named input, worded like the schema validation errors ("cursor: is not valid"). */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
}

export function notFound(message: string): AppError {
  return new AppError('NOT_FOUND', message);
}

/** A 503 that says when to come back. */
export class ServiceUnavailableError extends AppError {
  override readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, cause?: unknown) {
    super('SERVICE_UNAVAILABLE', message, undefined, cause);
    this.name = 'ServiceUnavailableError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** A PostgreSQL restart takes a few seconds; the pool reconnects at the first request after it. */
const DATABASE_RETRY_AFTER_SECONDS = 3;

/** What every request answers while the database cannot: health says the same. */
export function databaseUnavailable(cause: unknown): ServiceUnavailableError {
  return new ServiceUnavailableError(
    'The service is briefly unavailable. Try again in a few seconds.',
    DATABASE_RETRY_AFTER_SECONDS,
    cause,
  );
}
