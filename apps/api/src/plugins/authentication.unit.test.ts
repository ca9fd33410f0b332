import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../modules/access/access';
import { registerErrorHandler } from './error-handler';
import {
  bearerToken,
  createOptionalSignIn,
  createRequireSignIn,
  registerAuthentication,
  requireActor,
} from './authentication';

const actor: Actor = {
  userId: '6f1c2a52-8d3b-4e2f-9a51-0c7b1d2e3f40',
  sessionId: '0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
};

let app: FastifyInstance;
const seen: string[] = [];
beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerAuthentication(app);
  const requireSignIn = createRequireSignIn({
    authenticate: (token) => {
      seen.push(token);
      return Promise.resolve(token === 'good.token.value' ? actor : null);
    },
  });
  app.get('/private', { onRequest: requireSignIn }, (request) => requireActor(request));
  app.get('/forgot-the-hook', (request) => requireActor(request));
  const optionalSignIn = createOptionalSignIn({
    authenticate: (token) => Promise.resolve(token === 'good.token.value' ? actor : null),
  });
  app.get('/maybe', { onRequest: optionalSignIn }, (request) => ({
    actor: request.actor ?? null,
  }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, authorization?: string) =>
  app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('requireSignIn', () => {
  it('sets request.actor from a valid bearer token', async () => {
    const res = await get('/private', 'Bearer good.token.value');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(actor);
    expect((await get('/private', 'bearer   good.token.value')).statusCode).toBe(200);
  });

  it('answers 401 invalid_token for a token the authenticator refuses', async () => {
    const res = await get('/private', 'Bearer bad.token.value');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: 'Your session has ended. Sign in again.',
    });
  });

  it('answers 401 with a bare challenge when no bearer token is given', async () => {
    for (const header of [undefined, 'Basic dXNlcjpwYXNz', 'Token abc']) {
      const res = await get('/private', header);
      expect(res.statusCode, header).toBe(401);
      expect(res.headers['www-authenticate'], header).toBe('Bearer');
      expect(res.json<{ message: string }>().message).toBe('Sign in to continue.');
    }
  });

  it('treats a malformed bearer header as an invalid token, without asking the authenticator', async () => {
    const before = seen.length;
    for (const header of ['Bearer', 'Bearer two words', 'Bearer <script>']) {
      const res = await get('/private', header);
      expect(res.statusCode, header).toBe(401);
      expect(res.headers['www-authenticate'], header).toBe('Bearer error="invalid_token"');
    }
    expect(seen.length).toBe(before);
  });

  it('makes a route that forgot the hook fail loudly (500), never run anonymously', async () => {
    const res = await get('/forgot-the-hook', 'Bearer good.token.value');
    expect(res.statusCode).toBe(500);
  });
});

describe('optionalSignIn', () => {
  it('sets request.actor from a valid bearer token', async () => {
    const res = await get('/maybe', 'Bearer good.token.value');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ actor });
  });

  it('leaves a request without a bearer token anonymous', async () => {
    for (const header of [undefined, 'Basic dXNlcjpwYXNz', 'Token abc']) {
      const res = await get('/maybe', header);
      expect(res.statusCode, header).toBe(200);
      expect(res.json(), header).toEqual({ actor: null });
    }
  });

  it('answers 401 invalid_token for a bearer token that is refused or malformed', async () => {
    for (const header of ['Bearer bad.token.value', 'Bearer', 'Bearer two words']) {
      const res = await get('/maybe', header);
      expect(res.statusCode, header).toBe(401);
      expect(res.headers['www-authenticate'], header).toBe('Bearer error="invalid_token"');
    }
  });
});

describe('bearerToken', () => {
  it('reads the token of the Bearer scheme only', () => {
    expect(bearerToken('Bearer abc.def-ghi_jkl~')).toBe('abc.def-ghi_jkl~');
    expect(bearerToken('Bearer abc==')).toBe('abc==');
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
