import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorCode, TErrorResponse } from '@makazi/contracts/common';
import {
  driverFailure,
  isDatabaseUnavailableError,
  isInvalidTextError,
} from '../db/database-errors';
import { AppError, databaseUnavailable, type FieldError } from '../lib/errors';

/** Fastify's own 4xx (bad JSON, body too large, unsupported content type …) by status. */
const CLIENT_ERROR_CODES: Partial<Record<number, TErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: TErrorResponse = {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
  };
  if (error.details) body.details = error.details;
  if (error.paymentId !== undefined) body.paymentId = error.paymentId;
  // A 429 or 503 that knows when to come back says so: clients and proxies wait instead of hammering.
  if (error.retryAfterSeconds !== undefined) {
    reply.header('Retry-After', String(error.retryAfterSeconds));
  }
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'request';
}

function validationError(
  issues: { instancePath: string; message?: string | undefined }[],
  context: string | undefined,
): AppError {
  const details: FieldError[] = issues.map((issue) => ({
    field: fieldName(issue.instancePath, context),
    message: issue.message ?? 'is not valid',
  }));
  const message = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', message, details);
}

/** A Fastify (or Fastify plugin) error that blames the request, not the server. */
function clientError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { statusCode, code, message } = error as {
    statusCode?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return undefined;
  // Only errors Fastify and its plugins raise on purpose carry an FST_ code; their messages are
  // written for clients. The file servers (@fastify/static, under the SPA and /api/docs/static)
  // refuse a path (a NUL, a `..` segment) with an http-errors 4xx, marked `expose` for clients.
  // Anything else with a 4xx status came from somewhere we do not vouch for.
  const fastifyCode = typeof code === 'string' && code.startsWith('FST_');
  if (!fastifyCode && (error as { expose?: unknown }).expose !== true) return undefined;
  // A rarer 4xx (406, 414 …) has no code of its own in the vocabulary: it is the client's fault all the same.
  const appCode = CLIENT_ERROR_CODES[statusCode] ?? 'VALIDATION_FAILED';
  return new AppError(appCode, typeof message === 'string' ? message : 'Bad request');
}

/** Every error answer (also Fastify's frameworkErrors: bad URLs, over-long params): AppError JSON. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return sendAppError(reply, error);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    return sendAppError(reply, validationError(error.validation, context));
  }
  const fromClient = clientError(error);
  if (fromClient) return sendAppError(reply, fromClient);
  if (isInvalidTextError(error)) {
    return sendAppError(
      reply,
      new AppError('VALIDATION_FAILED', 'request: text must not contain NUL characters'),
    );
  }

  if (isDatabaseUnavailableError(error)) {
    // Expected while the database restarts or is overloaded: a warning, and a 503 that says when
    // to retry, so a client or a load balancer backs off instead of seeing a bug.
    request.log.warn({ reason: driverFailure(error) }, 'database unavailable');
    return sendAppError(reply, databaseUnavailable(error));
  }

  // A 500 is a bug: log everything (the request id rides along on request.log), show nothing.
  request.log.error({ err: error }, 'unhandled error');
  return sendAppError(reply, new AppError('INTERNAL', 'Something went wrong'));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
