import type { FastifyRequest } from 'fastify';
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
import type { LimitsConfig } from '../../config';
import { preferredLocale } from '../../lib/locale';
import { errors, security } from '../../lib/route-schema';
import { clientAddress } from '../../plugins/rate-limit';
import type { AuthService, UnknownNumberBudget } from './auth.service';

/*
 * Coarse per-address flood guards (plugins/rate-limit.ts, in Redis when there is one) in front of
 * the real limits, which the service keeps in the database: codes per phone, resend delay, wrong
 * answers per code, the SMS budget. Tanzanian carriers put thousands of subscribers behind one
 * public address (carrier-grade NAT), so these are sized for a busy carrier address, not a person
 * (SIGNUPS_PER_ADDRESS_PER_HOUR, CODES_PER_ADDRESS_PER_HOUR). The service counts codes per address
 * exactly; the route's limit is twice that, since it also counts what sends nothing (a number
 * nobody registered, a resend asked for too soon). Verifying allows two answers per code (a typo,
 * then the right one); guessing is bounded per code and per number a day, not here. Refresh and logout
 * have none: their tokens are 256 random bits, and a tight limit would sign a whole carrier out.
 */
function routeLimits(limits: AuthRouteLimits) {
  return {
    signup: { max: limits.signupsPerAddressPerHour, timeWindow: '1 hour' },
    login: { max: 2 * limits.codesPerAddressPerHour, timeWindow: '1 hour' },
    verify: { max: 2 * limits.codesPerAddressPerHour, timeWindow: '1 hour' },
  };
}

type AuthRouteLimits = Pick<
  LimitsConfig,
  'signupsPerAddressPerHour' | 'codesPerAddressPerHour' | 'unknownNumberLookupsPerAddressPerHour'
>;

const NO_STORE = 'no-store';

export const authRoutes: FastifyPluginCallbackZod<{
  service: AuthService;
  limits: AuthRouteLimits;
}> = (app, { service, limits }, done) => {
  const limit = routeLimits(limits);
  // Lookups that would name whether a number has an account (login of an unknown number, signup
  // of a verified one), per client address, in the rate-limit plugin's store: Redis with
  // REDIS_URL, so every process counts into one budget. One limiter for both routes, one count.
  // While Redis is down it fails open like every limit of the plugin (decision 018): numbers are
  // named as before this budget existed, and every other guard still holds.
  const unknownNumbers = app.createRateLimit({
    max: limits.unknownNumberLookupsPerAddressPerHour,
    timeWindow: '1 hour',
    // The keys of createRateLimit carry no route name: the prefix keeps them apart from others.
    keyGenerator: (request) => `unknown-number:${clientAddress(request)}`,
  });
  const unknownNumberBudget =
    (request: FastifyRequest): UnknownNumberBudget =>
    async () => {
      const verdict = await unknownNumbers(request);
      return verdict.isAllowed || !verdict.isExceeded;
    };
  // Answers carry tokens or say whether a number is registered: never cached anywhere.
  app.addHook('onSend', (_request, reply, _payload, next) => {
    reply.header('Cache-Control', NO_STORE);
    next();
  });

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: limit.signup, keepsCatalogue: true },
      schema: {
        tags: ['auth'],
        operationId: 'signup',
        security: security.public,
        summary: 'Register a phone number with a name; sign in afterwards with /auth/login',
        description:
          'sub is the new user’s id. No account exists until a code sent to the number is answered (POST /auth/verify-otp): signing up again with a number nobody proved yet starts it over with the new names. The language Accept-Language prefers (sw or en) becomes the account’s, for its SMS. 409 when a proven account holds the number, while the client address has looked up fewer than UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR such numbers an hour (shared with login); past that, the answer of a new sign-up, and nothing is written. 429 (with Retry-After) after too many sign-ups from one address.',
        body: ZSignupBody,
        response: { 201: ZSignupResponse, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const created = await service.signup(request.body, {
        locale: preferredLocale(request.headers['accept-language']),
        unknownNumberBudget: unknownNumberBudget(request),
      });
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: limit.login, keepsCatalogue: true },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        security: security.public,
        summary: 'Send a one-time code by SMS to a registered phone',
        description:
          'The code is never in the answer. 404 for a number without an account, while the client address has looked up fewer than UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR such numbers an hour; past that, the answer a registered number gets, with no SMS. 429 (with Retry-After) when asked again too soon, too often for the phone or the address, after too many wrong codes for one code, or for the rest of the 24 hours in which the number took WRONG_CODES_PER_DAY wrong codes; 503 (with Retry-After) when the SMS could not be sent or the SMS budget of the hour or day is spent (numbers that have signed in before keep the last tenth of it).',
        body: ZLoginBody,
        response: { 200: ZLoginResponse, ...errors(400, 404, 429, 503) },
      },
    },
    async (request) => {
      const language = request.headers['accept-language'];
      return service.login(request.body, {
        requestIp: clientAddress(request),
        locale: language ? preferredLocale(language) : undefined,
        unknownNumberBudget: unknownNumberBudget(request),
      });
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      config: { rateLimit: limit.verify, keepsCatalogue: true },
      schema: {
        tags: ['auth'],
        operationId: 'verifyOtp',
        security: security.public,
        summary: 'Exchange the code for an access token and a refresh token',
        description:
          'The access token lives expires_in seconds; refresh it with POST /api/auth/refresh-token. Answering a code proves the number: until then the account does not exist. 400 OTP_INVALID for a wrong code (the message says how many tries are left), OTP_EXPIRED for a code that is used, replaced or past its time, and for a number without an account; 429 (with Retry-After) after too many wrong codes for one code, for the rest of the 24 hours in which the number took WRONG_CODES_PER_DAY wrong codes (its owner is told by SMS), or too many tries from one address.',
        body: ZVerifyOtpBody,
        response: { 200: ZVerifyOtpResponse, ...errors(400, 429) },
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
        operationId: 'refreshToken',
        security: security.public,
        summary: 'Exchange a refresh token for a new access token and a new refresh token',
        description:
          'The refresh token sent is spent. Sending a spent one again ends its session (reuse of a stolen copy). A session ends SESSION_MAX_AGE_DAYS after its code was answered, however often refreshed: then 401.',
        body: ZRefreshTokenBody,
        response: { 200: ZRefreshTokenResponse, ...errors(400, 401) },
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
        operationId: 'logout',
        security: security.public,
        summary: "End the refresh token's session: its access tokens stop working at once",
        description:
          'The same answer whether the token was live or not, so logging out twice is harmless and says nothing about the token.',
        body: ZLogoutBody,
        response: { 200: ZMessageResponse, ...errors(400) },
      },
    },
    async (request) => service.logout(request.body.refreshToken),
  );

  done();
};
