import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { TWO_STEP_SETUP_REQUIRED_MESSAGE } from '@makazi/contracts/admin-two-step';
import { AppError } from '../lib/errors';
import type { AdminActor } from '../modules/access/access';
import { bearerToken, type AccessTokenAuthenticator } from './authentication';
import { keepAnswersPrivate } from './private-answers';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the requireAdmin hook; undefined on every other route. */
    admin?: AdminActor;
  }
  interface FastifyContextConfig {
    /**
     * An admin route open before two-step sign-in is set up (the profile, the enrolment routes,
     * logout): the only ones a production admin without it may reach.
     */
    openBeforeTwoStep?: boolean;
  }
}

/** A live admin session, and whether it may only set up two-step sign-in for now. */
export interface AdminSession {
  admin: AdminActor;
  /** Production, and the admin has no second step yet: every route not openBeforeTwoStep is 403. */
  twoStepSetupRequired: boolean;
}

/** What turns an admin token into an admin: the admin-auth service. */
export interface AdminTokenAuthenticator {
  authenticateAdmin(accessToken: string): Promise<AdminSession | null>;
}

export type RequireAdmin = onRequestAsyncHookHandler;

/** Declares request.admin once, so every request object keeps the same shape. */
export function registerAdminAuthentication(app: FastifyInstance): void {
  app.decorateRequest('admin', undefined);
}

/**
 * The onRequest hook of every /api/admin route but login. No token, or a token that is neither a
 * live admin session nor a live user session → 401. A valid *user* token → 403: the caller is
 * known and is not an admin. Runs before validation, so an outsider learns nothing of the route.
 */
export function createRequireAdmin(
  admins: AdminTokenAuthenticator,
  users: AccessTokenAuthenticator,
): RequireAdmin {
  return async (request, reply) => {
    const admin = await adminOf(admins, request);
    if (admin) {
      request.admin = admin;
      return;
    }
    const token = bearerToken(request.headers.authorization);
    if (token !== undefined && (await users.authenticate(token))) {
      throw new AppError('FORBIDDEN', 'This area is for administrators.');
    }
    reply.header(
      'WWW-Authenticate',
      token === undefined ? 'Bearer' : 'Bearer error="invalid_token"',
    );
    throw new AppError(
      'UNAUTHORIZED',
      token === undefined
        ? 'Sign in as an administrator.'
        : 'Your admin session has ended. Sign in again.',
    );
  };
}

/**
 * Guards every route of an admin plugin: requireAdmin runs on each request (before validation,
 * so an outsider learns nothing of the routes), and every answer, refusals included, is marked
 * private, no-store, since admin answers carry names, phone numbers, unpublished listings and
 * money that a shared cache must never keep. Call it first in the plugin, before its routes.
 */
export function guardAdminRoutes(app: FastifyInstance, requireAdmin: RequireAdmin): void {
  app.addHook('onRequest', requireAdmin);
  keepAnswersPrivate(app);
}

/**
 * The admin behind the request's bearer token, or undefined: for user routes that an admin may
 * also read (an owner's contact, a payment), which check it before their own user rules. Every
 * admin guard comes through here, so this is where a production admin without two-step sign-in
 * is kept to the routes that set it up: 403 everywhere else.
 */
export async function adminOf(
  admins: AdminTokenAuthenticator,
  request: FastifyRequest,
): Promise<AdminActor | undefined> {
  if (request.admin) return request.admin;
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) return undefined;
  const session = await admins.authenticateAdmin(token);
  if (!session) return undefined;
  if (session.twoStepSetupRequired && request.routeOptions.config.openBeforeTwoStep !== true) {
    throw new AppError('FORBIDDEN', TWO_STEP_SETUP_REQUIRED_MESSAGE);
  }
  return session.admin;
}

/** The admin of a route guarded by requireAdmin; a route without the hook is a bug, not a 401. */
export function requireAdminActor(request: FastifyRequest): AdminActor {
  if (!request.admin) {
    throw new Error(`${request.method} ${request.url} reads the admin without requiring one`);
  }
  return request.admin;
}
