import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../test/admin';
import { routeTable } from '../../test/route-table';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Every route under /api/admin but the sign-in is for admins alone: 401 without a token, 403
 * with a user's. The routes are read from the app's own route table, so a route added later is
 * checked without anyone remembering to list it here.
 */

/** Routes under /api/admin that anyone may call. */
const PUBLIC_ADMIN_ROUTES = new Set(['POST /api/admin/login']);

const SOME_ID = '3f2a9c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

let t: TestApp;
let user: SignedIn;
let adminRoutes: { method: string; url: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndIn(t);
  adminRoutes = routeTable(t.app)
    .filter((route) => /^\w+ \/api\/admin(\/|$)/.test(route))
    .filter((route) => !PUBLIC_ADMIN_ROUTES.has(route))
    .map((route) => {
      const [method = '', path = ''] = route.split(' ');
      return { name: route, method, url: path.replace(/:\w+/g, SOME_ID) };
    });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(route: { method: string; url: string }, headers: Record<string, string>) {
  return t.app.inject({ method: route.method as Method, url: route.url, headers });
}

describe('the admin route table', () => {
  it('is read from the app (the moderation, dashboard and audit routes are in it)', () => {
    const names = adminRoutes.map((route) => route.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/dashboard',
        'GET /api/admin/properties',
        'GET /api/admin/properties/:id',
        'POST /api/admin/properties/:id/approve',
        'POST /api/admin/properties/:id/disapprove',
        'GET /api/admin/audit',
      ]),
    );
    expect(names).not.toContain('POST /api/admin/login');
  });

  it('answers 401 to every admin route without a token', async () => {
    for (const route of adminRoutes) {
      const res = await call(route, {});
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(401);
    }
  });

  it('answers 401 to a token that is no session at all', async () => {
    for (const route of adminRoutes) {
      const res = await call(route, { authorization: 'Bearer not-a-token' });
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(401);
    }
  });

  it('answers 403 to every admin route with an ordinary user’s token', async () => {
    for (const route of adminRoutes) {
      const res = await call(route, user.auth);
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(403);
    }
  });

  it('lets an admin through every one of them (neither 401 nor 403)', async () => {
    for (const route of adminRoutes) {
      // A session of its own for each route: one of them may be the sign-out.
      const admin = await signInAdmin(t.app);
      const res = await call(route, { authorization: `Bearer ${admin.token}` });
      expect([401, 403], `${route.name}: ${res.statusCode} ${res.body}`).not.toContain(
        res.statusCode,
      );
    }
  });
});
