import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@makazi/bench/app-process';
import { until } from '@makazi/e2e/until';

/*
 * An S3-compatible service on loopback (s3rver, objects as files in a temporary directory) with one
 * bucket, for the API's real S3 gateway (the AWS SDK, path-style, SigV4) to store photos in. It
 * runs as a process of its own, as a storage service would: the load the spec generates in its
 * own process must not slow the bucket down, nor the bucket the load.
 */

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  bucket: string;
  endpoint: string;
  /** The API's settings for this bucket (MEDIA_STORAGE=s3 …). */
  env: Record<string, string>;
  /** Every key in the bucket (ListObjectsV2 page by page; s3rver lets an unsigned request list). */
  listKeys(): Promise<string[]>;
  /** Stores the files of `dir` at `keys` (their paths under it), as the API would have. */
  putFiles(dir: string, keys: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function xmlText(value: string): string {
  return value
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

export async function startS3Server(bucket = 'makazi-media'): Promise<S3Server> {
  const dir = mkdtempSync(path.join(tmpdir(), 'makazi-s3-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const cli = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const logFile = path.join(dir, 's3rver.log');
  const log = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    [
      cli,
      '--directory',
      path.join(dir, 'data'),
      '--address',
      '127.0.0.1',
      '--port',
      String(port),
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const dead = exited(child);
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await dead;
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await until(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`s3rver exited: ${readFileSync(logFile, 'utf8')}`);
        const response = await fetch(`${endpoint}/${bucket}?list-type=2&max-keys=1`);
        await response.arrayBuffer();
        return response.ok ? true : undefined;
      },
      's3rver to serve its bucket',
      { timeoutMs: 15_000 },
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    bucket,
    endpoint,
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async listKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', 'max-keys': '1000' });
        if (token) query.set('continuation-token', token);
        const response = await fetch(`${endpoint}/${bucket}?${query.toString()}`);
        const xml = await response.text();
        if (!response.ok) throw new Error(`listing ${bucket}: HTTP ${response.status} ${xml}`);
        for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(xmlText(match[1]!));
        const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
        token = truncated
          ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : undefined;
        if (truncated && !token) throw new Error(`listing ${bucket}: truncated without a token`);
      } while (token);
      return keys.sort();
    },
    async putFiles(dir, keys) {
      for (const key of keys) {
        // Unsigned, as listKeys: the API's reads name the key alone, never the object's metadata.
        const response = await fetch(`${endpoint}/${bucket}/${key}`, {
          method: 'PUT',
          body: readFileSync(path.join(dir, key)),
        });
        const answer = await response.text();
        if (!response.ok) throw new Error(`storing ${key}: HTTP ${response.status} ${answer}`);
      }
    },
    stop,
  };
}
