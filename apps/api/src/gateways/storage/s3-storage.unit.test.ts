import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageConfig } from './s3-storage';
import { InvalidStorageKeyError } from './storage-gateway';

const ACCESS_KEY_ID = 'AKIAMAKAZITEST';
const SECRET_ACCESS_KEY = 'stand-in-secret-never-sent';
// SigV4 for our key id, today's date, the configured region and the s3 service.
const SIGV4 = new RegExp(
  `^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/us-east-1/s3/aws4_request, ` +
    'SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$',
);

interface StoredObject {
  body: Buffer;
  headers: IncomingHttpHeaders;
}

/** What the stand-in saw: method, decoded path and headers of every request. */
let seen: { method: string; path: string; headers: IncomingHttpHeaders }[];
let objects: Map<string, StoredObject>;
/** normal: a tiny path-style S3; fail: 500 to everything; stall: never answers. */
let mode: 'normal' | 'fail' | 'stall';
let server: Server;
let config: S3StorageConfig;

function xmlError(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

beforeEach(async () => {
  seen = [];
  objects = new Map();
  mode = 'normal';
  server = createServer((req, res) => {
    void buffer(req).then((body) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://stand-in').pathname);
      seen.push({ method: req.method ?? '', path, headers: req.headers });
      if (mode === 'stall') return;
      const xml = { 'content-type': 'application/xml' };
      if (mode === 'fail') return void res.writeHead(500, xml).end(xmlError('InternalError'));
      if (!SIGV4.test(req.headers.authorization ?? '')) {
        return void res.writeHead(403, xml).end(xmlError('AccessDenied'));
      }
      if (!path.startsWith('/media-bucket/')) {
        return void res.writeHead(404, xml).end(xmlError('NoSuchBucket'));
      }
      const key = path.slice('/media-bucket/'.length);
      const stored = objects.get(key);
      switch (req.method ?? '') {
        case 'PUT':
          objects.set(key, { body, headers: req.headers });
          return void res.writeHead(200, { etag: '"stand-in"' }).end();
        case 'GET':
          if (!stored) return void res.writeHead(404, xml).end(xmlError('NoSuchKey'));
          return void res
            .writeHead(200, {
              'content-type': stored.headers['content-type'],
              'content-length': stored.body.length,
            })
            .end(stored.body);
        case 'DELETE':
          objects.delete(key);
          return void res.writeHead(204).end();
        default:
          return void res.writeHead(405, xml).end(xmlError('MethodNotAllowed'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config = {
    kind: 's3',
    bucket: 'media-bucket',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forcePathStyle: true,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    prefix: '',
  };
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('S3 storage', () => {
  it('stores signed, typed, cacheable objects and reads them back', async () => {
    const storage = createS3Storage(config);
    const bytes = randomBytes(4096);
    await storage.put('photos/ab/x-320.webp', bytes, 'image/webp');

    const put = seen[0]!;
    expect(put).toMatchObject({ method: 'PUT', path: '/media-bucket/photos/ab/x-320.webp' });
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put.headers.authorization).toMatch(SIGV4);

    const got = await storage.get('photos/ab/x-320.webp');
    expect(got).toMatchObject({ size: 4096, contentType: 'image/webp' });
    expect((await buffer(got!.body)).equals(bytes)).toBe(true);
    // The secret signs requests; it never travels in one.
    expect(JSON.stringify(seen)).not.toContain(SECRET_ACCESS_KEY);
  });

  it('returns null for a missing object, also after a delete', async () => {
    const storage = createS3Storage(config);
    expect(await storage.get('photos/zz/missing.webp')).toBeNull();
    await storage.put('a/b.png', Buffer.from('png'), 'image/png');
    await storage.delete('a/b.png');
    expect(await storage.get('a/b.png')).toBeNull();
    expect(objects.size).toBe(0);
    // Deleting a missing key is not an error.
    await storage.delete('a/b.png');
  });

  it('puts every key under the prefix', async () => {
    const storage = createS3Storage({ ...config, prefix: 'makazi/media' });
    await storage.put('a/b.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.get('a/b.webp')).not.toBeNull();
    expect([...objects.keys()]).toEqual(['makazi/media/a/b.webp']);
  });

  it('refuses invalid keys and mismatched types before sending anything', async () => {
    const storage = createS3Storage(config);
    for (const key of ['../secret.webp', '/etc/passwd.webp', 'photos/a.exe', 'a/../../b.webp']) {
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(
        InvalidStorageKeyError,
      );
      await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    }
    await expect(storage.put('a/b.webp', Buffer.from('x'), 'text/html')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    expect(seen).toEqual([]);
  });

  it('surfaces a failing service instead of reporting success or a missing object', async () => {
    const storage = createS3Storage(config);
    mode = 'fail';
    await expect(storage.put('a/b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(storage.get('a/b.webp')).rejects.toThrow();
    await expect(storage.delete('a/b.webp')).rejects.toThrow();
  });

  it('gives up on a service that never answers', async () => {
    const storage = createS3Storage(config, { timeoutMs: 300 });
    mode = 'stall';
    const started = Date.now();
    await expect(storage.get('a/b.webp')).rejects.toThrow(
      'S3 GET a/b.webp: no answer within 300 ms',
    );
    await expect(storage.put('a/b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /no answer within 300 ms/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
