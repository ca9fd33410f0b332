import type { Readable } from 'node:stream';

/** A multipart file stream: busboy sets `truncated` (and emits 'limit') when its size limit cut it. */
export type UploadStream = Readable & { truncated?: boolean };

/**
 * Reads a stream whole into one buffer, or resolves undefined as soon as it passes `maxBytes`
 * (or its parser's own limit cut it), destroying it so no more of it is read or kept.
 */
export function readLimited(stream: UploadStream, maxBytes: number): Promise<Buffer | undefined> {
  // The parser may have failed the stream (a body cut off inside it) before anyone listened: a
  // destroyed stream emits nothing more, so waiting for its events would wait for ever.
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.destroyed && !stream.readableEnded) {
    return Promise.reject(new Error('the upload ended before the file did'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;

    function cleanup(): void {
      stream.off('data', onData);
      stream.off('limit', onTooLarge);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    }
    function onTooLarge(): void {
      cleanup();
      chunks.length = 0;
      stream.destroy();
      resolve(undefined);
    }
    function onData(chunk: Buffer): void {
      size += chunk.length;
      if (size > maxBytes || stream.truncated) onTooLarge();
      else chunks.push(chunk);
    }
    function onEnd(): void {
      cleanup();
      if (stream.truncated) resolve(undefined);
      else resolve(Buffer.concat(chunks, size));
    }
    function onError(err: Error): void {
      cleanup();
      reject(err);
    }
    function onClose(): void {
      cleanup();
      reject(new Error('the upload ended before the file did'));
    }

    stream.on('data', onData);
    stream.once('limit', onTooLarge);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
