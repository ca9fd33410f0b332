import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { AppError } from '../lib/errors';
import type { Actor } from '../modules/access/access';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a requireSignIn hook; undefined on routes that do not require one. */
    actor?: Actor;
  }
}

/** What turns an access token into an actor: the auth service. */
export interface AccessTokenAuthenticator {
  authenticate(accessToken: string): Promise<Actor | null>;
}

export type RequireSignIn = onRequestAsyncHookHandler;

/** Declares request.actor once, so every request object keeps the same shape. */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('actor', undefined);
}

/** The bearer token of an Authorization header; undefined when there is none (RFC 6750 §2.1). */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i.exec(header);
  return match?.[1];
}

/**
 * An onRequest hook for routes that need a signed-in user:
 *   app.get('/x', { onRequest: requireSignIn }, (request) => service.x(requireActor(request)))
 * No token → 401 with `WWW-Authenticate: Bearer`; a token that is malformed, badly signed, expired,
 * or whose session was ended → 401 with `error="invalid_token"`. It runs before body validation,
 * so an anonymous caller learns nothing about what the route accepts.
 */
export function createRequireSignIn(authenticator: AccessTokenAuthenticator): RequireSignIn {
  return async (request, reply) => {
    request.actor = await actorOf(authenticator, request, reply);
  };
}

/** The actor of the request's bearer token, or the 401 requireSignIn answers. */
async function actorOf(
  authenticator: AccessTokenAuthenticator,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  const header = request.headers.authorization;
  const token = bearerToken(header);
  if (token === undefined) {
    if (header && /^Bearer\b/i.test(header)) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new AppError('UNAUTHORIZED', 'Your session has ended. Sign in again.');
    }
    reply.header('WWW-Authenticate', 'Bearer');
    throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  }
  const actor = await authenticator.authenticate(token);
  if (!actor) {
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw new AppError('UNAUTHORIZED', 'Your session has ended. Sign in again.');
  }
  return actor;
}

export type OptionalSignIn = onRequestAsyncHookHandler;

/**
 * An onRequest hook for routes anyone may call that show more to a signed-in user (an owner's
 * own listings): a valid bearer token sets request.actor; no Authorization header, or one of
 * another scheme, leaves the request anonymous. A bearer token that is malformed, expired or
 * whose session ended is a 401 like requireSignIn's, not a silent downgrade to anonymous: the
 * client refreshes its token and asks again instead of showing its owner a public page.
 * Read the actor with `request.actor` (undefined when anonymous).
 */
export function createOptionalSignIn(authenticator: AccessTokenAuthenticator): OptionalSignIn {
  return async (request, reply) => {
    const header = request.headers.authorization;
    if (!header || !/^Bearer\b/i.test(header)) return;
    request.actor = await actorOf(authenticator, request, reply);
  };
}

/** The actor of a route guarded by requireSignIn; a route without the hook is a bug, not a 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw new Error(`${request.method} ${request.url} reads the actor without requiring sign-in`);
  }
  return request.actor;
}
