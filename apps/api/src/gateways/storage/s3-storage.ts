import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { MediaStorageConfig } from '../../config';
import type { StorageGateway } from './storage-gateway';
import { InvalidStorageKeyError, assertValidStorageKey } from './storage-gateway';

export type S3StorageConfig = Extract<MediaStorageConfig, { kind: 's3' }>;

export interface S3StorageOptions {
  /**
   * The longest one operation may take, retries included, and the longest a body may stall
   * while being read: a stalled service fails the request instead of hanging it. Tests shorten it.
   */
  timeoutMs?: number;
}

// Keys are random and never reused for other content, so an object never changes (as /media/* says).
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isNotFound(err: unknown): boolean {
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Media in an S3 bucket: AWS, or any S3-compatible service through `endpoint` (MinIO, Cloudflare R2,
 * Wasabi, DigitalOcean Spaces). Keys follow the disk store's rules; `prefix` puts them in a folder.
 */
export function createS3Storage(
  config: S3StorageConfig,
  options: S3StorageOptions = {},
): StorageGateway {
  const { timeoutMs = 10_000 } = options;

  // The SDK is large: it is loaded on first use, so the disk default never pays its start-up cost.
  let connecting: Promise<{ s3: typeof S3; client: S3.S3Client }> | undefined;
  function connect() {
    connecting ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        // Explicit keys: the SDK never falls back to ~/.aws, instance metadata or other ambient credentials.
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // The SDK's default extra checksums are not implemented by every S3-compatible service.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // An idle socket fails after timeoutMs, also while a returned body is being read.
        requestHandler: { connectionTimeout: timeoutMs, socketTimeout: timeoutMs },
      }),
    }));
    return connecting;
  }

  /** Runs one operation under a deadline that also covers the SDK's retries. */
  async function withDeadline<T>(
    what: string,
    key: string,
    run: (signal: AbortSignal) => Promise<T>,
  ) {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort(new Error(`S3 ${what} ${key}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    try {
      return await run(controller.signal);
    } catch (err) {
      // The SDK reports an abort as a bare "Request aborted"; the reason says what timed out.
      if (controller.signal.aborted) throw controller.signal.reason;
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  function objectKey(key: string): { objectKey: string; contentType: string } {
    const contentType = assertValidStorageKey(key);
    return { objectKey: config.prefix ? `${config.prefix}/${key}` : key, contentType };
  }

  return {
    async put(key, data, contentType) {
      const target = objectKey(key);
      if (contentType !== target.contentType) {
        throw new InvalidStorageKeyError(
          key,
          `extension does not match content type ${contentType}`,
        );
      }
      const { s3, client } = await connect();
      // S3 stores an object whole or not at all, so readers never see a half-written one.
      await withDeadline('PUT', key, (abortSignal) =>
        client.send(
          new s3.PutObjectCommand({
            Bucket: config.bucket,
            Key: target.objectKey,
            Body: data,
            ContentType: contentType,
            CacheControl: IMMUTABLE,
          }),
          { abortSignal },
        ),
      );
    },

    async get(key) {
      const target = objectKey(key);
      const { s3, client } = await connect();
      let output: S3.GetObjectCommandOutput;
      try {
        output = await withDeadline('GET', key, (abortSignal) =>
          client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key: target.objectKey }), {
            abortSignal,
          }),
        );
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      const body = output.Body;
      if (!(body instanceof Readable) || output.ContentLength === undefined) {
        if (body instanceof Readable) body.destroy();
        throw new Error(`S3 GET ${key}: answer without a body stream or Content-Length`);
      }
      // The type comes from the key, as on disk: whatever the bucket says can't turn a photo into HTML.
      return { body, size: output.ContentLength, contentType: target.contentType };
    },

    async delete(key) {
      const target = objectKey(key);
      const { s3, client } = await connect();
      try {
        await withDeadline('DELETE', key, (abortSignal) =>
          client.send(
            new s3.DeleteObjectCommand({ Bucket: config.bucket, Key: target.objectKey }),
            {
              abortSignal,
            },
          ),
        );
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible services answer 404.
        if (!isNotFound(err)) throw err;
      }
    },
  };
}
