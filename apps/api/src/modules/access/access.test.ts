import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { insertProperty, insertUser, listingBody } from '../../test/factories';
import { signUpAndIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListingsRepository, type ListingsRepository } from '../listings/listings.repository';
import { createListingsService } from '../listings/listings.service';
import { createMediaRepository } from '../media/media.repository';
import { createMediaService, type FormPart } from '../media/media.service';
import {
  requireOwnListing,
  requirePublisher,
  type Actor,
  type PublisherPermissions,
  type PublisherPermissionsReader,
} from './access';

/*
 * One check, one answer: the switches and the owner are decided here for every module, and a user
 * deleted during a request gets the same 401 whichever module notices.
 */

const ACCOUNT_GONE = {
  statusCode: 401,
  code: 'UNAUTHORIZED',
  message: 'This account no longer exists.',
};

const actor: Actor = {
  userId: '6f1c2a52-8d3b-4e2f-9a51-0c7b1d2e3f40',
  sessionId: '0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
};

const reading = (permissions: PublisherPermissions | undefined): PublisherPermissionsReader => ({
  readPublisherPermissions: () => Promise.resolve(permissions),
});

/** What the access repository reads for a user deleted after their session was checked. */
const gone = reading(undefined);

describe('requirePublisher', () => {
  const verbs = { canPost: 'publish', canEdit: 'edit', canDelete: 'delete' } as const;
  it.for(['canPost', 'canEdit', 'canDelete'] as const)(
    '%s: 401 for an account that no longer exists, 403 when off, nothing when on',
    async (permission) => {
      await expect(requirePublisher(gone, actor, permission)).rejects.toMatchObject(ACCOUNT_GONE);
      const off = { canPost: true, canEdit: true, canDelete: true, [permission]: false };
      await expect(requirePublisher(reading(off), actor, permission)).rejects.toMatchObject({
        statusCode: 403,
        code: 'FORBIDDEN',
        message: `Your account may not ${verbs[permission]} listings. Contact support.`,
      });
      const on = { canPost: false, canEdit: false, canDelete: false, [permission]: true };
      await expect(requirePublisher(reading(on), actor, permission)).resolves.toBeUndefined();
    },
  );
});

function thrownBy(check: () => unknown): unknown {
  try {
    check();
  } catch (err) {
    return err;
  }
  throw new Error('nothing was thrown');
}

describe('requireOwnListing', () => {
  it('answers the listing to its owner, 404 when missing or deleted, 403 to anyone else', () => {
    const listing = { id: 'x', publishedBy: actor.userId, status: 'approved' as const };
    expect(requireOwnListing(actor.userId, listing)).toBe(listing);
    const notFound = { statusCode: 404, code: 'NOT_FOUND', message: 'No listing has this id' };
    expect(thrownBy(() => requireOwnListing(actor.userId, undefined))).toMatchObject(notFound);
    const archived = { ...listing, status: 'archived' as const };
    expect(thrownBy(() => requireOwnListing(actor.userId, archived))).toMatchObject(notFound);
    expect(thrownBy(() => requireOwnListing('someone-else', listing))).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'You can only change your own listings.',
    });
  });
});

describe('a user deleted during a request', () => {
  const DELETE_ACTOR = 'x-test-delete-actor';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      // After sign-in (onRequest) and before the service: the account goes between the two.
      extend: (app) =>
        app.addHook('preHandler', async (request) => {
          if (request.headers[DELETE_ACTOR] && request.actor) {
            await t.db.delete(users).where(eq(users.id, request.actor.userId));
          }
        }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a 401 from every route that notices, through the app', async () => {
    const requests: ((userId: string) => InjectOptions)[] = [
      () => ({ method: 'POST', url: '/api/properties/lease', payload: listingBody('Rent') }),
      (userId) => ({ method: 'GET', url: `/api/users/${userId}` }),
    ];
    for (const request of requests) {
      const user = await signUpAndIn(t);
      const res = await t.app.inject({
        ...request(user.userId),
        headers: { ...user.auth, [DELETE_ACTOR]: '1' },
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual(ACCOUNT_GONE);
    }
  });

  it('is the same 401 from listings and media', async () => {
    // A publisher's row cannot be deleted while their listings name it, so the access read
    // answers as it would for an account deleted between the ownership check and the switches.
    const owner = await insertUser(t.db);
    const listing = await insertProperty(t.db, { publishedBy: owner.id, status: 'draft' });
    const actorOf: Actor = { userId: owner.id, sessionId: actor.sessionId };
    const withoutAccount = (repository: ListingsRepository): ListingsRepository => ({
      ...repository,
      access: gone,
      transaction: (work) => repository.transaction((tx) => work(withoutAccount(tx))),
    });
    const notReached = () => Promise.reject(new Error('the check should have answered'));
    const log = { warn: () => undefined, error: () => undefined };
    const listings = createListingsService({
      repository: withoutAccount(createListingsRepository(t.db)),
      views: { getOwnerView: notReached },
      storage: t.storage,
      clock: () => new Date(),
      log,
    });
    const media = createMediaService({
      repository: { ...createMediaRepository(t.db), access: gone },
      storage: t.storage,
      ownerView: notReached,
      clock: () => new Date(),
      log,
    });
    // The check answers before the form is read.
    const noParts: AsyncIterable<FormPart> = {
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.resolve({ done: true as const, value: undefined }),
      }),
    };

    await expect(
      listings.update(actorOf, listing.id, { title: 'Chumba kipya cha kupanga' }),
    ).rejects.toMatchObject(ACCOUNT_GONE);
    await expect(listings.remove(actorOf, listing.id)).rejects.toMatchObject(ACCOUNT_GONE);
    await expect(media.uploadPhotos(actorOf, listing.id, noParts)).rejects.toMatchObject(
      ACCOUNT_GONE,
    );
  });
});
