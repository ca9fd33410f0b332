import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminMfaChallenge, TAdminTwoStepSetup } from '@makazi/contracts/admin-two-step';
import type { TPaymentAccepted } from '@makazi/contracts/payments';
import { PROPERTY_TYPES, PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { socialImagePath } from '@makazi/contracts/social-image-values';
import { listingReports, pendingChanges, savedSearches } from '../db/schema';
import { createAlertLinkSigner, shortListingCode } from '../modules/saved-searches/alert-links';
import { currentTotpCode } from '../modules/admin-auth/admin-totp';
import { HIGHEST_ID, LOWEST_ID } from '../modules/seo/seo.repository';
import { createSitemapRangeSigner, listingsSitemapPath } from '../modules/seo/seo.service';
import { signInAdmin, signInTwoStepAdmin, TEST_ADMIN_PASSWORD, type SignedInAdmin } from './admin';
import {
  insertLocationChain,
  insertPhoto,
  insertPlan,
  insertProperty,
  insertSupportMessage,
  insertUser,
  listingBody,
  type LocationChain,
  type PropertyRow,
} from './factories';
import { lastCodeFor } from './outbox';
import { routeTable } from './route-table';
import { nextAddress, nextPhone, post, signUp, signUpAndIn, type SignedIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

/*
 * The access table: every route of the app × four callers (anonymous, another user, the owner of
 * what the request is about, an admin's bearer token) → the status of one representative valid
 * request. The routes are read from the app's route table: a route the table does not list fails
 * the first test, so a new route is added here with its answer for each caller.
 *
 * Rules the table encodes (see the notes beside the rows):
 * - ownership is checked in the services: another user gets 403 on a listing or profile they do
 *   not own, 404 where even existence is private (a payment, a listing not public);
 * - an admin token never acts as a user: on user routes it is a 401 like any token that is no
 *   user session (only contact and payments read it as an admin's, on purpose);
 * - the public answers never carry an owner's phone number, nor drafts and listings in review.
 */

type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'other', 'owner', 'admin'];

interface Call {
  url: string;
  payload?: InjectOptions['payload'];
  /** Added to (and overriding) the caller's Authorization header. */
  headers?: Record<string, string>;
}

interface Row {
  /** "METHOD /path" as the route is declared (parameter names do not matter). */
  route: string;
  /** What the request is about, when a route has more than one row. */
  variant?: string;
  /** Expected status for anonymous, another user, the owner, an admin token. */
  expect: readonly [anonymous: number, other: number, owner: number, admin: number];
  /** Built afresh for each caller: writes (delete, approve …) get their own target. */
  request(caller: Caller): Call | Promise<Call>;
  /** Further checks of a successful answer's content. */
  check?(caller: Caller, res: LightMyRequestResponse): void;
}

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedInAdmin;
let chain: LocationChain;
let approved: PropertyRow;
let pending: PropertyRow;
let subscriptionPlanId: string;
let promotionPlanId: string;
let ownerPaymentId: string;
let jpeg: Buffer;
const MEDIA_KEY = 'photos/access-matrix/0-768.webp';
/** A photo of the approved listing (its largest variant stored), and one of a listing in review. */
let approvedPhotoId: string;
let reviewPhotoId: string;
const PAYER_PHONE = '0712345678';

function headersOf(caller: Caller): Record<string, string> {
  switch (caller) {
    case 'anonymous':
      return {};
    case 'other':
      return other.auth;
    case 'owner':
      return owner.auth;
    case 'admin':
      return { authorization: `Bearer ${admin.token}` };
  }
}

/** A subscription checkout of `buyer`'s, left waiting (the simulator cannot call back here). */
async function waitingPaymentOf(buyer: SignedIn): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/create',
    headers: buyer.auth,
    remoteAddress: nextAddress(),
    payload: {
      userId: buyer.userId,
      planId: subscriptionPlanId,
      phoneNumber: nextPhone().local,
      provider: 'mpesa',
    },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<TPaymentAccepted>().paymentId;
}

/** A listing of someone else's (a publisher of its own), for the admin's reports actions. */
const strangersListing = () => insertProperty(t.db, { address: chain });

/** A dead-end claim waiting for an admin, on a listing of its own. */
async function pendingClaimId(): Promise<string> {
  const listing = await strangersListing();
  const reporter = await insertUser(t.db);
  const now = new Date();
  const [row] = await t.db
    .insert(listingReports)
    .values({
      propertyId: listing.id,
      reporterId: reporter.id,
      reporterKey: `account:${reporter.id}`,
      reason: 'already_taken',
      countsToHold: true,
      createdAt: now,
      updatedAt: now,
      filedAt: now,
      claimStatus: 'pending',
      claimRevealedAt: now,
    })
    .returning({ id: listingReports.id });
  return row!.id;
}

/** A listing of the owner's, made for one call. */
const ownListing = (status: PropertyRow['status'] = 'approved') =>
  insertProperty(t.db, { publishedBy: owner.userId, status, address: chain });

function multipartPhoto(): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----makazi${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\npicha_nje\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const TUS = { 'tus-resumable': '1.0.0' };

/** A tus creation's headers for a photo of `length` bytes in a slot of the listing. */
function tusCreation(propertyId: string, length: number): Record<string, string> {
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  return {
    ...TUS,
    'upload-length': String(length),
    'upload-metadata': `propertyId ${b64(propertyId)},label ${b64('picha_nje')}`,
  };
}

/** A resumable upload of the owner's, created for one call; answers its URL. */
async function ownUpload(length: number, propertyId?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...owner.auth,
      ...tusCreation(propertyId ?? (await ownListing('draft')).id, length),
    },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

/** The answer never shows an owner's phone number, nor a listing that is not public. */
function publicOnly(body: string): void {
  expect(body).not.toContain('ownerPhoneNumber');
  expect(body).not.toContain(approved.ownerPhoneNumber);
  expect(body).not.toContain(owner.phone);
  expect(body).not.toContain(pending.id);
}

const ALL = (status: number) => [status, status, status, status] as const;
/** Owner-only user routes: the admin token is no user session. */
const OWNER_ONLY = [401, 403, 200, 401] as const;
/** Admin routes: every user, the owner included, is refused. */
const ADMIN_ONLY = [401, 403, 403, 200] as const;

const get = (url: string) => (): Call => ({ url });

/** A saved search of the owner's, fresh for each call. */
async function ownSavedSearch(): Promise<string> {
  const [row] = await t.db
    .insert(savedSearches)
    .values({
      userId: owner.userId,
      alerts: 'instant',
      createdAt: new Date(),
      updatedAt: new Date(),
      lastSeenAt: new Date(),
    })
    .returning({ id: savedSearches.id });
  return row!.id;
}

const TABLE: Row[] = [
  // ------------------------------------------------------------ public
  { route: 'GET /api/health', expect: ALL(200), request: get('/api/health') },
  { route: 'GET /api/site', expect: ALL(200), request: get('/api/site') },
  { route: 'GET /api/docs', expect: ALL(200), request: get('/api/docs') },
  { route: 'GET /api/docs/', expect: ALL(200), request: get('/api/docs/') },
  {
    route: 'GET /api/docs/static/index.html',
    // Swagger UI sends it on to /api/docs/.
    expect: ALL(302),
    request: get('/api/docs/static/index.html'),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    expect: ALL(200),
    request: get('/api/docs/static/swagger-initializer.js'),
  },
  {
    route: 'GET /api/docs/*',
    expect: ALL(200),
    request: get('/api/docs/static/swagger-ui.css'),
  },
  { route: 'GET /api/docs/json', expect: ALL(200), request: get('/api/docs/json') },
  { route: 'GET /api/docs/yaml', expect: ALL(200), request: get('/api/docs/yaml') },
  {
    route: 'GET /api/properties',
    expect: ALL(200),
    request: get('/api/properties?limit=100'),
    check: (_caller, res) => {
      expect(res.body).toContain(approved.id);
      publicOnly(res.body);
    },
  },
  {
    route: 'GET /api/properties/count',
    expect: ALL(200),
    request: get('/api/properties/count'),
    // A number and nothing else, whoever asks.
    check: (_caller, res) =>
      expect(Object.keys(res.json<object>()).sort()).toEqual(['atLeast', 'count']),
  },
  {
    route: 'GET /api/properties/:id',
    variant: 'an approved listing',
    // The admin token is no user session: a 401 ("sign in again") like any other such token.
    expect: [200, 200, 200, 401],
    request: () => ({ url: `/api/properties/${approved.id}` }),
    check: (caller, res) => {
      if (caller === 'owner') expect(res.json()).toHaveProperty('ownerPhoneNumber');
      else publicOnly(res.body);
    },
  },
  {
    route: 'GET /api/properties/:id',
    variant: 'a listing in review',
    // Not public: as unknown as a missing one to everyone but its owner.
    expect: [404, 404, 200, 401],
    request: () => ({ url: `/api/properties/${pending.id}` }),
    check: (_caller, res) => expect(res.json()).toMatchObject({ status: 'pending' }),
  },
  {
    route: 'GET /api/properties/publishers/:publisherId',
    expect: [200, 200, 200, 401],
    request: () => ({ url: `/api/properties/publishers/${owner.userId}` }),
    check: (caller, res) => {
      if (caller === 'owner') {
        expect(res.body).toContain(pending.id);
        expect(res.body).toContain('ownerPhoneNumber');
      } else {
        expect(res.body).toContain(approved.id);
        publicOnly(res.body);
      }
    },
  },
  { route: 'GET /api/locations/regions', expect: ALL(200), request: get('/api/locations/regions') },
  {
    route: 'GET /api/locations/regions/:id',
    expect: ALL(200),
    request: () => ({ url: `/api/locations/regions/${chain.region.id}` }),
  },
  {
    route: 'GET /api/locations/districts/:id',
    expect: ALL(200),
    request: () => ({ url: `/api/locations/districts/${chain.district.id}` }),
  },
  {
    route: 'GET /api/locations/wards/:id',
    expect: ALL(200),
    request: () => ({ url: `/api/locations/wards/${chain.ward.id}` }),
  },
  {
    route: 'GET /api/insights/prices',
    expect: ALL(200),
    request: () => ({ url: `/api/insights/prices?type=Rent&wardId=${chain.ward.id}` }),
  },
  { route: 'GET /api/subscription-plan', expect: ALL(200), request: get('/api/subscription-plan') },
  { route: 'GET /api/promotion-plan', expect: ALL(200), request: get('/api/promotion-plan') },
  {
    route: 'GET /media/*',
    expect: ALL(200),
    request: get(`/media/${MEDIA_KEY}`),
  },
  { route: 'GET /robots.txt', expect: ALL(200), request: get('/robots.txt') },
  {
    route: 'GET /l/:code',
    expect: ALL(302),
    request: () => ({ url: `/l/${shortListingCode(approved.id)}` }),
  },
  { route: 'GET /sitemap.xml', expect: ALL(200), request: get('/sitemap.xml') },
  { route: 'GET /sitemaps/pages.xml', expect: ALL(200), request: get('/sitemaps/pages.xml') },
  {
    route: 'GET /sitemaps/listings/:after/:until/:mac.xml',
    expect: ALL(200),
    request: () => ({
      url: listingsSitemapPath(
        LOWEST_ID,
        HIGHEST_ID,
        createSitemapRangeSigner(t.jwtSecret).sign(LOWEST_ID, HIGHEST_ID),
      ),
    }),
    check: (_caller, res) => {
      expect(res.body).toContain(approved.id);
      publicOnly(res.body);
    },
  },
  {
    route: 'GET /social-images/:file',
    variant: 'a photo of an approved listing',
    expect: ALL(200),
    request: () => ({ url: socialImagePath(approvedPhotoId) }),
    check: (_caller, res) => expect(res.headers['content-type']).toBe('image/jpeg'),
  },
  {
    route: 'GET /social-images/:file',
    variant: 'a photo of a listing in review: no preview, even for its owner',
    expect: ALL(404),
    request: () => ({ url: socialImagePath(reviewPhotoId) }),
  },

  // ------------------------------------------------------------ sign-in (a bearer token changes nothing)
  {
    route: 'POST /api/auth/signup',
    expect: ALL(201),
    request: () => ({
      url: '/api/auth/signup',
      payload: { firstName: 'Zawadi', lastName: 'Lyimo', phoneNumber: nextPhone().local },
    }),
  },
  {
    route: 'POST /api/auth/login',
    expect: ALL(200),
    // A user of its own per call: a second code for one phone so soon is a 429.
    request: async () => ({
      url: '/api/auth/login',
      payload: { phoneNumber: (await signUp(t)).phone.e164 },
    }),
  },
  {
    route: 'POST /api/auth/verify-otp',
    expect: ALL(200),
    request: async () => {
      const { phone } = await signUp(t);
      const login = await post(t, '/api/auth/login', { phoneNumber: phone.e164 });
      expect(login.statusCode).toBe(200);
      const otp = await lastCodeFor(t.dataDir, phone.e164);
      return { url: '/api/auth/verify-otp', payload: { phoneNumber: phone.e164, otp } };
    },
  },
  {
    route: 'POST /api/auth/refresh-token',
    expect: ALL(200),
    request: async () => ({
      url: '/api/auth/refresh-token',
      payload: { refreshToken: (await signUpAndIn(t)).refreshToken },
    }),
  },
  {
    route: 'POST /api/auth/logout',
    expect: ALL(200),
    request: async () => ({
      url: '/api/auth/logout',
      payload: { refreshToken: (await signUpAndIn(t)).refreshToken },
    }),
  },
  {
    route: 'POST /api/admin/login',
    expect: ALL(200),
    request: () => ({
      url: '/api/admin/login',
      payload: { username: admin.username, password: TEST_ADMIN_PASSWORD },
    }),
  },
  {
    route: 'POST /api/admin/login/second-factor',
    expect: ALL(200),
    // An admin with two-step sign-in of its own per call: the password's challenge, then a code.
    request: async () => {
      const twoStep = await signInTwoStepAdmin(t.app);
      const challenge = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: twoStep.username, password: TEST_ADMIN_PASSWORD },
        remoteAddress: nextAddress(),
      });
      return {
        url: '/api/admin/login/second-factor',
        payload: {
          mfaToken: challenge.json<TAdminMfaChallenge>().mfaToken,
          recoveryCode: twoStep.recoveryCodes[0],
        },
      };
    },
  },

  // ------------------------------------------------------------ the owner's listings
  // Any signed-in user publishes as themselves ("other" and "owner" alike).
  ...PROPERTY_TYPES.map((type) => ({
    route: `POST /api/properties/${PROPERTY_TYPE_SLUGS[type]}`,
    expect: [401, 201, 201, 401] as const,
    request: () => ({
      url: `/api/properties/${PROPERTY_TYPE_SLUGS[type]}`,
      payload: listingBody(type),
    }),
  })),
  {
    // No type: refused by its slug, signed in or not.
    route: 'POST /api/properties/:slug',
    expect: [401, 400, 400, 401],
    request: () => ({ url: '/api/properties/castle', payload: listingBody('Rent') }),
  },
  {
    route: 'POST /api/properties/:id/address',
    expect: OWNER_ONLY,
    request: async () => ({
      url: `/api/properties/${(await ownListing('draft')).id}/address`,
      payload: {
        regionId: chain.region.id,
        districtId: chain.district.id,
        wardId: chain.ward.id,
        streetId: chain.street.id,
        houseNumber: '12',
      },
    }),
  },
  {
    route: 'PATCH /api/properties/:id',
    expect: OWNER_ONLY,
    request: async () => ({
      url: `/api/properties/${(await ownListing()).id}`,
      payload: { title: 'Nyumba mpya karibu na soko' },
    }),
  },
  {
    route: 'DELETE /api/properties/:id/pending-change',
    expect: OWNER_ONLY,
    request: async () => {
      const listing = await ownListing();
      await t.db.insert(pendingChanges).values({
        propertyId: listing.id,
        status: 'pending',
        changes: { priceTzs: 1_000 },
      });
      return { url: `/api/properties/${listing.id}/pending-change` };
    },
  },
  {
    route: 'DELETE /api/properties/:id',
    expect: OWNER_ONLY,
    request: async () => ({ url: `/api/properties/${(await ownListing()).id}` }),
  },
  {
    route: 'POST /api/properties/:id/media',
    expect: [401, 403, 201, 401],
    request: async () => {
      const form = multipartPhoto();
      return {
        url: `/api/properties/${(await ownListing('draft')).id}/media`,
        ...form,
      };
    },
  },
  // Resumable uploads (tus, decision 043): another user's upload is 404, never a 403 saying it
  // exists; creation names a listing, which is the owner's alone (403 as for the media route).
  {
    route: 'POST /api/uploads',
    expect: [401, 403, 201, 401],
    request: async () => ({
      url: '/api/uploads',
      headers: tusCreation((await ownListing('draft')).id, 10),
    }),
  },
  {
    route: 'PATCH /api/uploads/:id',
    expect: [401, 404, 204, 401],
    request: async () => ({
      url: await ownUpload(10),
      headers: {
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10, 1),
    }),
  },
  {
    route: 'DELETE /api/uploads/:id',
    expect: [401, 404, 204, 401],
    request: async () => ({ url: await ownUpload(10), headers: TUS }),
  },
  // tus discovery: the server's capabilities, the same for anyone.
  { route: 'OPTIONS /api/uploads', expect: ALL(204), request: get('/api/uploads') },
  {
    route: 'OPTIONS /api/uploads/:id',
    expect: ALL(204),
    request: get('/api/uploads/00000000-0000-4000-8000-000000000000'),
  },
  {
    route: 'POST /api/properties/:id/photos/uploads/:uploadId',
    expect: [401, 404, 201, 401],
    request: async () => {
      const listing = await ownListing('draft');
      const location = await ownUpload(jpeg.length, listing.id);
      const sent = await t.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...TUS,
          ...owner.auth,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: jpeg,
      });
      expect(sent.statusCode, sent.body).toBe(204);
      return { url: `/api/properties/${listing.id}/photos/uploads/${location.split('/').at(-1)}` };
    },
  },
  {
    route: 'GET /api/properties/:id/contact',
    variant: 'an approved listing',
    // Another user without a subscription must pay; admins call owners about any listing.
    expect: [401, 402, 200, 200],
    request: () => ({ url: `/api/properties/${approved.id}/contact` }),
  },
  {
    route: 'GET /api/properties/:id/contact',
    variant: 'a listing in review',
    expect: [401, 404, 200, 200],
    request: () => ({ url: `/api/properties/${pending.id}/contact` }),
  },
  {
    route: 'POST /api/properties/:id/reports',
    // Anyone signed in may report a public listing, but not their own.
    expect: [401, 201, 403, 401],
    request: async () => ({
      url: `/api/properties/${(await ownListing()).id}/reports`,
      payload: { reason: 'wrong_price' },
    }),
  },
  {
    route: 'POST /api/properties/:id/confirm',
    expect: OWNER_ONLY,
    request: async () => ({ url: `/api/properties/${(await ownListing()).id}/confirm` }),
  },
  {
    route: 'POST /api/properties/:id/taken',
    expect: OWNER_ONLY,
    request: async () => ({
      url: `/api/properties/${(await ownListing()).id}/taken`,
      payload: {},
    }),
  },
  {
    route: 'GET /api/me/owner-phones',
    expect: [401, 200, 200, 401],
    request: get('/api/me/owner-phones'),
  },
  {
    route: 'POST /api/me/owner-phones/codes',
    // Another user's number on the owner's listing is no number of theirs: 400, and no text.
    expect: [401, 400, 200, 401],
    request: async () => {
      const phone = nextPhone();
      await insertProperty(t.db, {
        publishedBy: owner.userId,
        ownerPhoneNumber: phone.e164,
        address: chain,
      });
      return { url: '/api/me/owner-phones/codes', payload: { phoneNumber: phone.local } };
    },
  },
  {
    route: 'POST /api/me/owner-phones/verify',
    // Nobody asked for a code for this number: expired for everyone signed in.
    expect: [401, 400, 400, 401],
    request: () => ({
      url: '/api/me/owner-phones/verify',
      payload: { phoneNumber: nextPhone().local, code: '123456' },
    }),
  },
  {
    route: 'GET /api/me/contact-reveals',
    expect: [401, 200, 200, 401],
    request: get('/api/me/contact-reveals'),
  },
  // Saved searches are one person's: another user's id is as good as none (404).
  {
    route: 'GET /api/me/saved-searches',
    expect: [401, 200, 200, 401],
    request: get('/api/me/saved-searches'),
  },
  {
    route: 'POST /api/me/saved-searches',
    expect: [401, 201, 201, 401],
    request: () => ({ url: '/api/me/saved-searches', payload: { type: 'Rent', alerts: 'daily' } }),
  },
  {
    route: 'PATCH /api/me/saved-searches/:id',
    expect: [401, 404, 200, 401],
    request: async () => ({
      url: `/api/me/saved-searches/${await ownSavedSearch()}`,
      payload: { alerts: 'off' },
    }),
  },
  {
    route: 'DELETE /api/me/saved-searches/:id',
    expect: [401, 404, 204, 401],
    request: async () => ({ url: `/api/me/saved-searches/${await ownSavedSearch()}` }),
  },
  {
    route: 'POST /api/me/saved-searches/:id/seen',
    expect: [401, 404, 204, 401],
    request: async () => ({ url: `/api/me/saved-searches/${await ownSavedSearch()}/seen` }),
  },
  {
    route: 'POST /api/alerts/off',
    // The signed code is the only key: no token is needed, and none adds anything.
    expect: ALL(200),
    request: async () => ({
      url: '/api/alerts/off',
      payload: { code: createAlertLinkSigner(t.jwtSecret).offCode(await ownSavedSearch()) },
    }),
  },
  // Favourites are the session's own: nobody's id is in the URL, so no caller can reach another's.
  {
    route: 'GET /api/me/favourites',
    expect: [401, 200, 200, 401],
    request: get('/api/me/favourites'),
    check: (_caller, res) => publicOnly(res.body),
  },
  {
    route: 'PUT /api/me/favourites/:propertyId',
    variant: 'a public listing',
    expect: [401, 204, 204, 401],
    request: () => ({ url: `/api/me/favourites/${approved.id}` }),
  },
  {
    route: 'PUT /api/me/favourites/:propertyId',
    variant: 'a listing in review, its owner included',
    expect: [401, 404, 404, 401],
    request: () => ({ url: `/api/me/favourites/${pending.id}` }),
  },
  {
    route: 'DELETE /api/me/favourites/:propertyId',
    expect: [401, 204, 204, 401],
    request: () => ({ url: `/api/me/favourites/${approved.id}` }),
  },
  {
    route: 'POST /api/me/favourites/merge',
    expect: [401, 200, 200, 401],
    request: () => ({
      url: '/api/me/favourites/merge',
      payload: { propertyIds: [approved.id, pending.id] },
    }),
    check: (_caller, res) => publicOnly(res.body),
  },
  {
    route: 'POST /api/properties/:id/promote',
    // The owner's call is made by a buyer of its own, with its own listing: a user has one
    // payment waiting at a time, and the owner's payment made at setup still waits.
    expect: [401, 403, 202, 401],
    request: async (caller) => {
      const payload = { promotionPlanId, phoneNumber: nextPhone().local, provider: 'airtelmoney' };
      if (caller !== 'owner') {
        return { url: `/api/properties/${(await ownListing()).id}/promote`, payload };
      }
      const buyer = await signUpAndIn(t);
      const listing = await insertProperty(t.db, {
        publishedBy: buyer.userId,
        status: 'approved',
        address: chain,
      });
      return { url: `/api/properties/${listing.id}/promote`, payload, headers: buyer.auth };
    },
  },

  // ------------------------------------------------------------ the owner's account and payments
  {
    route: 'GET /api/users/:id',
    expect: OWNER_ONLY,
    request: () => ({ url: `/api/users/${owner.userId}` }),
  },
  {
    route: 'PATCH /api/users/:id',
    expect: OWNER_ONLY,
    request: () => ({
      url: `/api/users/${owner.userId}`,
      payload: { firstName: 'Neema', lastName: 'Kweka' },
    }),
  },
  {
    route: 'DELETE /api/users/:id',
    // An account of its own per call (the owner's stays for the other rows), deleted by its own
    // token; the others ask to delete someone else's. Admins have their own tools: 401 here.
    expect: OWNER_ONLY,
    request: async (caller) => {
      if (caller !== 'owner') return { url: `/api/users/${(await insertUser(t.db)).id}` };
      const account = await signUpAndIn(t);
      return { url: `/api/users/${account.userId}`, headers: account.auth };
    },
  },
  {
    route: 'GET /api/subscription/status/:userId',
    expect: OWNER_ONLY,
    request: () => ({ url: `/api/subscription/status/${owner.userId}` }),
  },
  {
    route: 'POST /api/subscription/create',
    // For the owner: another user may not buy one in the owner's name. The owner's call is made
    // by a buyer of its own (one waiting payment per user; the owner's from setup still waits).
    expect: [401, 403, 202, 401],
    request: async (caller) => {
      const buyer = caller === 'owner' ? await signUpAndIn(t) : owner;
      return {
        url: '/api/subscription/create',
        payload: {
          userId: buyer.userId,
          planId: subscriptionPlanId,
          phoneNumber: nextPhone().local,
          provider: 'mpesa',
        },
        ...(caller === 'owner' ? { headers: buyer.auth } : {}),
      };
    },
  },
  {
    route: 'POST /api/payments/:paymentId/cancel',
    // A waiting payment of a buyer of its own per call, cancelled by that buyer; another user's
    // is as unknown as a missing one. Admins do not act for payers: 401.
    expect: [401, 404, 200, 401],
    request: async (caller) => {
      const buyer = await signUpAndIn(t);
      const paymentId = await waitingPaymentOf(buyer);
      return {
        url: `/api/payments/${paymentId}/cancel`,
        ...(caller === 'owner' ? { headers: buyer.auth } : {}),
      };
    },
  },
  {
    route: 'GET /api/payments/:paymentId',
    // Another user's payment is as unknown as a missing one; admins answer payers' questions.
    expect: [401, 404, 200, 200],
    request: () => ({ url: `/api/payments/${ownerPaymentId}` }),
  },
  {
    route: 'POST /api/payments/callback/:provider',
    variant: 'a forged, unsigned result',
    expect: ALL(400),
    request: () => ({
      url: '/api/payments/callback/simulator',
      payload: JSON.stringify({
        eventId: randomUUID(),
        reference: ownerPaymentId,
        status: 'succeeded',
      }),
      headers: { 'content-type': 'application/json' },
    }),
  },

  // ------------------------------------------------------------ support
  {
    route: 'POST /api/support/messages',
    // Anyone may write; an admin token is no user session, so a 401 as on every user route.
    expect: [201, 201, 201, 401],
    request: () => ({
      url: '/api/support/messages',
      payload: {
        name: 'Neema Kweka',
        phone: nextPhone().local,
        topic: 'listing',
        message: 'Tangazo langu bado halijakaguliwa.',
      },
    }),
  },

  // ------------------------------------------------------------ admin ("owner": the user concerned)
  { route: 'GET /api/admin/me', expect: ADMIN_ONLY, request: get('/api/admin/me') },
  {
    route: 'GET /api/admin/me/two-step',
    expect: ADMIN_ONLY,
    request: get('/api/admin/me/two-step'),
  },
  {
    route: 'POST /api/admin/me/two-step/setup',
    expect: ADMIN_ONLY,
    request: () => ({ url: '/api/admin/me/two-step/setup' }),
  },
  {
    route: 'POST /api/admin/me/two-step/confirm',
    expect: ADMIN_ONLY,
    // The admin's own admin per call, whose setup has started: the shared one stays without it.
    request: async (caller) => {
      if (caller !== 'admin') {
        return { url: '/api/admin/me/two-step/confirm', payload: { code: '123456' } };
      }
      const fresh = await signInAdmin(t.app);
      const headers = { authorization: `Bearer ${fresh.token}` };
      const setup = await t.app.inject({
        method: 'POST',
        url: '/api/admin/me/two-step/setup',
        headers,
        remoteAddress: nextAddress(),
      });
      const { secret } = setup.json<TAdminTwoStepSetup>();
      return {
        url: '/api/admin/me/two-step/confirm',
        payload: { code: currentTotpCode(secret, new Date()) },
        headers,
      };
    },
  },
  ...(['recovery-codes', 'disable'] as const).map((action) => ({
    route: `POST /api/admin/me/two-step/${action}`,
    expect: action === 'disable' ? ([401, 403, 403, 204] as const) : ADMIN_ONLY,
    // An admin with two-step sign-in per call, and the next step's code (the current one is spent).
    request: async (caller: Caller): Promise<Call> => {
      const url = `/api/admin/me/two-step/${action}`;
      if (caller !== 'admin') return { url, payload: { code: '123456' } };
      const twoStep = await signInTwoStepAdmin(t.app);
      return {
        url,
        payload: { code: currentTotpCode(twoStep.secret, new Date(Date.now() + 30_000)) },
        headers: { authorization: `Bearer ${twoStep.token}` },
      };
    },
  })),
  {
    route: 'POST /api/admin/logout',
    expect: [401, 403, 403, 204],
    // A session of its own: the shared admin token stays signed in for the other rows.
    request: async (caller) => ({
      url: '/api/admin/logout',
      ...(caller === 'admin'
        ? { headers: { authorization: `Bearer ${(await signInAdmin(t.app)).token}` } }
        : {}),
    }),
  },
  { route: 'GET /api/admin/dashboard', expect: ADMIN_ONLY, request: get('/api/admin/dashboard') },
  { route: 'GET /api/admin/audit', expect: ADMIN_ONLY, request: get('/api/admin/audit') },
  {
    route: 'GET /api/admin/contact-reveals/top',
    expect: ADMIN_ONLY,
    request: get('/api/admin/contact-reveals/top'),
  },
  { route: 'GET /api/admin/users', expect: ADMIN_ONLY, request: get('/api/admin/users') },
  {
    route: 'GET /api/admin/users/:id',
    expect: ADMIN_ONLY,
    request: () => ({ url: `/api/admin/users/${owner.userId}` }),
  },
  {
    route: 'PATCH /api/admin/users/:id/permissions',
    expect: ADMIN_ONLY,
    // A user of its own: the owner keeps the right to post for the other rows.
    request: async () => ({
      url: `/api/admin/users/${(await insertUser(t.db)).id}/permissions`,
      payload: { canPost: false },
    }),
  },
  {
    route: 'GET /api/admin/support-messages',
    expect: ADMIN_ONLY,
    request: get('/api/admin/support-messages'),
  },
  {
    route: 'PATCH /api/admin/support-messages/:id',
    expect: ADMIN_ONLY,
    request: async () => ({
      url: `/api/admin/support-messages/${(await insertSupportMessage(t.db)).id}`,
      payload: { status: 'closed' },
    }),
  },
  { route: 'GET /api/admin/payments', expect: ADMIN_ONLY, request: get('/api/admin/payments') },
  {
    route: 'GET /api/admin/payments/export.csv',
    expect: ADMIN_ONLY,
    request: get('/api/admin/payments/export.csv'),
  },
  {
    route: 'GET /api/admin/properties',
    expect: ADMIN_ONLY,
    request: get('/api/admin/properties'),
  },
  {
    route: 'GET /api/admin/properties/awaiting-review',
    expect: ADMIN_ONLY,
    request: get('/api/admin/properties/awaiting-review'),
  },
  {
    route: 'GET /api/admin/properties/:id',
    expect: ADMIN_ONLY,
    request: () => ({ url: `/api/admin/properties/${pending.id}` }),
  },
  {
    route: 'POST /api/admin/properties/:id/approve',
    expect: ADMIN_ONLY,
    request: async () => ({
      url: `/api/admin/properties/${(await ownListing('pending')).id}/approve`,
    }),
  },
  {
    route: 'POST /api/admin/properties/:id/disapprove',
    expect: ADMIN_ONLY,
    request: async () => ({
      url: `/api/admin/properties/${(await ownListing('pending')).id}/disapprove`,
      payload: { reason: 'Picha hazionekani vizuri' },
    }),
  },
  { route: 'GET /api/admin/reports', expect: ADMIN_ONLY, request: get('/api/admin/reports') },
  {
    route: 'POST /api/admin/reports/:propertyId/dismiss',
    expect: ADMIN_ONLY,
    request: async () => ({ url: `/api/admin/reports/${(await strangersListing()).id}/dismiss` }),
  },
  {
    route: 'POST /api/admin/reports/:propertyId/take-down',
    expect: ADMIN_ONLY,
    request: async () => ({
      url: `/api/admin/reports/${(await strangersListing()).id}/take-down`,
      payload: { reason: 'fake', message: 'Picha za tangazo jingine' },
    }),
  },
  {
    route: 'POST /api/admin/reports/:propertyId/suspend-publisher',
    expect: ADMIN_ONLY,
    request: async () => ({
      url: `/api/admin/reports/${(await strangersListing()).id}/suspend-publisher`,
      payload: { message: 'Matangazo ya uongo' },
    }),
  },
  {
    route: 'POST /api/admin/claims/:reportId/uphold',
    expect: ADMIN_ONLY,
    request: async () => ({ url: `/api/admin/claims/${await pendingClaimId()}/uphold` }),
  },
  {
    route: 'POST /api/admin/claims/:reportId/refuse',
    expect: ADMIN_ONLY,
    request: async () => ({
      url: `/api/admin/claims/${await pendingClaimId()}/refuse`,
      payload: { reason: 'Mmiliki alipatikana' },
    }),
  },
];

/**
 * Parameter names do not matter (the router prints GET /:slug and PATCH /:id as one node
 * ":id|:slug"): every parameter becomes ":".
 */
const normalise = (route: string) => route.replace(/:[\w|:]+/g, ':');

/** printRoutes shows the media route as a bare "*" under the root. */
const PRINTED_AS: Record<string, string> = { 'GET *': 'GET /media/*' };

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, admin] = await Promise.all([
    signUpAndIn(t, { firstName: 'Neema', lastName: 'Kweka' }),
    signUpAndIn(t, { firstName: 'Daudi', lastName: 'Mushi' }),
    signInAdmin(t.app),
  ]);
  chain = await insertLocationChain(t.db);
  approved = await ownListing('approved');
  pending = await ownListing('pending');
  const approvedPhoto = await insertPhoto(t.db, approved.id);
  approvedPhotoId = approvedPhoto.id;
  reviewPhotoId = (await insertPhoto(t.db, (await ownListing('pending')).id)).id;
  const features = { en: ['See owners’ phone numbers'], sw: ['Ona namba za wamiliki'] };
  subscriptionPlanId = (
    await insertPlan(t.db, { kind: 'subscription', durationDays: 30, priceTzs: 10_000, features })
  ).id;
  promotionPlanId = (
    await insertPlan(t.db, { kind: 'promotion', durationDays: 7, priceTzs: 5_000, features })
  ).id;
  const bought = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/create',
    headers: owner.auth,
    remoteAddress: nextAddress(),
    payload: {
      userId: owner.userId,
      planId: subscriptionPlanId,
      phoneNumber: PAYER_PHONE,
      provider: 'mpesa',
    },
  });
  expect(bought.statusCode, bought.body).toBe(202);
  ownerPaymentId = bought.json<TPaymentAccepted>().paymentId;
  await t.storage.put(MEDIA_KEY, Buffer.from('RIFF\0\0\0\0WEBPVP8 fake'), 'image/webp');
  const largest = approvedPhoto.variants.at(-1)!;
  const background = { r: 60, g: 140, b: 90 };
  await t.storage.put(
    largest.key,
    await sharp({
      create: { width: largest.width, height: largest.height, channels: 3, background },
    })
      .webp()
      .toBuffer(),
    'image/webp',
  );
  jpeg = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

/** The row's method with the call's URL and payload, sent with the caller's headers `as` plus the call's. */
function send(row: Row, call: Call, as: Record<string, string>) {
  const [method = ''] = row.route.split(' ');
  return t.app.inject({
    method: method as 'GET',
    url: call.url,
    headers: { ...as, ...call.headers },
    remoteAddress: nextAddress(),
    ...(call.payload === undefined ? {} : { payload: call.payload }),
  });
}

describe('the access table', () => {
  it('lists every route of the app, and only those', () => {
    const served = routeTable(t.app).map((route) => normalise(PRINTED_AS[route] ?? route));
    const listed = new Set(TABLE.map((row) => normalise(row.route)));
    expect(
      served.filter((route) => !listed.has(route)),
      'routes missing from TABLE',
    ).toEqual([]);
    expect(
      [...listed].filter((route) => !served.includes(route)),
      'stale rows',
    ).toEqual([]);
  });

  it('answers 401 to a token that is no session at all, wherever a session is required', async () => {
    const required = TABLE.filter((row) => row.expect[0] === 401);
    expect(required.length).toBeGreaterThan(20);
    for (const row of required) {
      const res = await send(row, await row.request('anonymous'), {
        authorization: 'Bearer not-a-token',
      });
      expect(res.statusCode, `${row.route}: ${res.body}`).toBe(401);
    }
  });

  it.each(TABLE.map((row) => [`${row.route}${row.variant ? ` (${row.variant})` : ''}`, row]))(
    '%s',
    async (_name, row) => {
      const got: number[] = [];
      for (const caller of CALLERS) {
        const call = await row.request(caller);
        const res = await send(row, call, headersOf(caller));
        got.push(res.statusCode);
        // Admin answers (refusals too) carry names, phones and money: never kept by a cache.
        if (row.route.includes(' /api/admin/') && row.route !== 'POST /api/admin/login') {
          expect(res.headers['cache-control'], `${row.route} as ${caller}`).toMatch(/no-store/);
        }
        if (res.statusCode < 300 && res.statusCode === row.expect[CALLERS.indexOf(caller)]) {
          row.check?.(caller, res);
        }
      }
      // One assertion for the four callers, so a failure shows the whole row.
      expect(Object.fromEntries(CALLERS.map((c, i) => [c, got[i]]))).toEqual(
        Object.fromEntries(CALLERS.map((c, i) => [c, row.expect[i]])),
      );
    },
  );
});
