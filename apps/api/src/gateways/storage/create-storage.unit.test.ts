import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage } from './create-storage';

let dataDir: string;
let server: Server;
let endpoint: string;
let paths: string[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'makazi-storage-factory-'));
  // An S3 stand-in that holds nothing: it records where each request went.
  paths = [];
  server = createServer((req, res) => {
    paths.push(new URL(req.url ?? '/', 'http://stand-in').pathname);
    res
      .writeHead(404, { 'content-type': 'application/xml' })
      .end('<Error><Code>NoSuchKey</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('createStorage', () => {
  it('stores on disk in DATA_DIR/media by default', async () => {
    const config = loadConfig({});
    expect(config.mediaStorage).toEqual({ kind: 'disk' });
    const storage = createStorage(config.mediaStorage, { dataDir });
    await storage.put('a/b.webp', Buffer.from('on disk'), 'image/webp');
    expect(await readFile(path.join(dataDir, 'media/a/b.webp'), 'utf8')).toBe('on disk');
    expect(paths).toEqual([]);
  });

  it('talks to the bucket MEDIA_STORAGE=s3 configures', async () => {
    const config = loadConfig({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'makazi-media',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'AKIAMAKAZITEST',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod',
    });
    const storage = createStorage(config.mediaStorage, { dataDir });
    expect(await storage.get('a/b.webp')).toBeNull();
    expect(paths).toEqual(['/makazi-media/prod/a/b.webp']);
  });
});
