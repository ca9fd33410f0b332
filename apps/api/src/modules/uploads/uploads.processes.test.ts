import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadLocks } from '../../db/schema';
import { insertLocationChain, insertProperty } from '../../test/factories';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Resumable uploads over real connections: a PATCH whose body stalls is answered within seconds,
 * and two API processes on one database and one uploads directory (behind the load balancer)
 * never write one upload at once: a request on B for an upload a stalled PATCH on A holds makes A
 * let go, keeping what arrived, and B goes on from there (upload-locker.ts).
 */

const SIZE = 64 * 1024;
const FIRST = 20_000;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

let uploadsDir: string;
let processA: TestApp;
let processB: TestApp;
let stalling: TestApp;
let owner: SignedIn;
let listingId: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'makazi-uploads-'));
  const jwtSecret = randomBytes(48).toString('base64url');
  processA = await createTestApp({ jwtSecret, env: { UPLOADS_DIR: uploadsDir } });
  processB = await createTestApp({
    jwtSecret,
    database: processA.database,
    env: { UPLOADS_DIR: uploadsDir },
  });
  stalling = await createTestApp({
    jwtSecret,
    database: processA.database,
    env: { UPLOADS_DIR: uploadsDir, BODY_IDLE_TIMEOUT_MS: '700' },
  });
  owner = await signUpAndIn(processA, { firstName: 'Asha', lastName: 'Mrema' });
  const chain = await insertLocationChain(processA.db);
  listingId = (
    await insertProperty(processA.db, {
      publishedBy: owner.userId,
      status: 'draft',
      address: chain,
    })
  ).id;
});
afterAll(async () => {
  await stalling?.close();
  await processB?.close();
  await processA?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

async function createUpload(t: TestApp, label: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      ...owner.auth,
      'upload-length': String(SIZE),
      'upload-metadata': `propertyId ${b64(listingId)},label ${b64(label)}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

interface Stalled {
  request: ClientRequest;
  /** The answer, or the connection's end without one. */
  ended: Promise<{ status: number | undefined; offset: string | undefined; at: number }>;
}

/** A PATCH over a real connection that sends FIRST bytes of SIZE and then nothing. */
function stalledPatch(baseUrl: string, location: string): Stalled {
  const request = httpRequest(`${baseUrl}${location}`, {
    method: 'PATCH',
    headers: {
      ...TUS,
      ...owner.auth,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(SIZE),
    },
  });
  const ended = new Promise<{ status: number | undefined; offset: string | undefined; at: number }>(
    (resolve) => {
      request.on('response', (res: IncomingMessage) => {
        res.resume();
        resolve({
          status: res.statusCode,
          offset: res.headers['upload-offset'] as string | undefined,
          at: Date.now(),
        });
      });
      request.on('error', () => resolve({ status: undefined, offset: undefined, at: Date.now() }));
    },
  );
  request.write(Buffer.alloc(FIRST, 7));
  return { request, ended };
}

async function offsetOn(t: TestApp, location: string): Promise<number> {
  const res = await t.app.inject({
    method: 'HEAD',
    url: location,
    headers: { ...TUS, ...owner.auth },
  });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['upload-offset']);
}

describe('resumable uploads over real connections', () => {
  it('answers a PATCH whose body stalls within seconds, keeping what arrived', async () => {
    const baseUrl = await stalling.listen();
    const location = await createUpload(stalling, 'picha_jiko');
    const started = Date.now();
    const stalled = stalledPatch(baseUrl, location);
    const { status, offset, at } = await stalled.ended;
    stalled.request.destroy();
    // BODY_IDLE_TIMEOUT_MS (0.7 s) of silence, then tus stops and says how far it got.
    expect(at - started).toBeLessThan(5_000);
    expect(status).toBe(204);
    expect(offset).toBe(String(FIRST));
    expect(await offsetOn(stalling, location)).toBe(FIRST);
  }, 15_000);

  it('lets a request on another process take an upload a stalled PATCH holds', async () => {
    const baseUrl = await processA.listen();
    const location = await createUpload(processA, 'picha_nje');
    const stalled = stalledPatch(baseUrl, location);
    const uploadId = location.split('/').at(-1)!;
    // A holds the upload's lease while its body stalls.
    await expect
      .poll(
        async () =>
          (await processA.db.select().from(uploadLocks).where(eq(uploadLocks.uploadId, uploadId)))
            .length,
        { timeout: 5_000 },
      )
      .toBe(1);

    // B asks where the upload is (as a client resuming does): A lets go, and B learns the offset.
    const offset = await offsetOn(processB, location);
    const endedA = await stalled.ended;
    stalled.request.destroy();
    expect(endedA.status).toBe(204);
    expect(endedA.offset).toBe(String(FIRST));
    expect(offset).toBe(FIRST);

    // B sends the rest and completes the upload.
    const rest = await processB.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...TUS,
        ...owner.auth,
        'upload-offset': String(FIRST),
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(SIZE - FIRST, 8),
    });
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(SIZE));
    expect(await offsetOn(processA, location)).toBe(SIZE);
    // Every lease was let go.
    expect(await processA.db.select().from(uploadLocks)).toEqual([]);
  }, 30_000);
});
