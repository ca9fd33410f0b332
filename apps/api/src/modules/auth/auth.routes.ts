import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZLoginBody,
  ZLoginResponse,
  ZLogoutBody,
  ZMessageResponse,
  ZRefreshTokenBody,
  ZRefreshTokenResponse,
  ZSignupBody,
  ZSignupResponse,
  ZVerifyOtpBody,
  ZVerifyOtpResponse,
} from '@makazi/contracts/auth';
import { ZErrorResponse } from '@makazi/contracts/common';
import { preferredLocale } from '../../lib/locale';
import { clientAddress } from '../../plugins/rate-limit';
import type { AuthService } from './auth.service';

/*
 * Coarse per-address guards (in-process, plugins/rate-limit.ts) in front of the real limits, which
 * the service keeps in the database: codes per phone, per address, resend delay, wrong answers.
 * Refresh and logout have none: their tokens are 256 random bits, and many phones share one
 * carrier address (CGNAT), whose users a tight limit would sign out together.
 */
const SIGNUP_LIMIT = { max: 10, timeWindow: '1 hour' };
const LOGIN_LIMIT = { max: 30, timeWindow: '1 hour' };
const VERIFY_LIMIT = { max: 30, timeWindow: '15 minutes' };

const NO_STORE = 'no-store';

export const authRoutes: FastifyPluginCallbackZod<{ service: AuthService }> = (
  app,
  { service },
  done,
) => {
  // Answers carry tokens or say whether a number is registered: never cached anywhere.
  app.addHook('onSend', (_request, reply, _payload, next) => {
    reply.header('Cache-Control', NO_STORE);
    next();
  });

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: SIGNUP_LIMIT, keepsCatalogue: true },
      schema: {
        tags: ['auth'],
        summary: 'Register a phone number with a name; sign in afterwards with /auth/login',
        body: ZSignupBody,
        response: {
          201: ZSignupResponse,
          400: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const locale = preferredLocale(request.headers['accept-language']);
      const created = await service.signup(request.body, locale);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: LOGIN_LIMIT, keepsCatalogue: true },
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time code by SMS to a registered phone',
        description:
          'The code is never in the answer. 429 (with Retry-After) when asked again too soon, too often for the phone or the address, or after too many wrong codes; 503 when the SMS could not be sent.',
        body: ZLoginBody,
        response: {
          200: ZLoginResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const language = request.headers['accept-language'];
      return service.login(request.body, {
        requestIp: clientAddress(request),
        locale: language ? preferredLocale(language) : undefined,
      });
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      config: { rateLimit: VERIFY_LIMIT, keepsCatalogue: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the code for an access token and a refresh token',
        body: ZVerifyOtpBody,
        response: {
          200: ZVerifyOtpResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) =>
      service.verifyOtp(request.body, { userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/auth/refresh-token',
    {
      config: { keepsCatalogue: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new access token and a new refresh token',
        description:
          'The refresh token sent is spent. Sending a spent one again ends its session (reuse of a stolen copy).',
        body: ZRefreshTokenBody,
        response: { 200: ZRefreshTokenResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => service.refresh(request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      config: { keepsCatalogue: true },
      schema: {
        tags: ['auth'],
        summary: "End the refresh token's session: its access tokens stop working at once",
        body: ZLogoutBody,
        response: { 200: ZMessageResponse, 400: ZErrorResponse },
      },
    },
    async (request) => service.logout(request.body.refreshToken),
  );

  done();
};
