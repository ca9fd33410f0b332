import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLimited, type UploadStream } from './read-limited';

describe('readLimited', () => {
  it('reads a stream of at most maxBytes whole', async () => {
    const data = Buffer.alloc(1000, 7);
    const got = await readLimited(Readable.from([data.subarray(0, 600), data.subarray(600)]), 1000);
    expect(got?.equals(data)).toBe(true);
  });

  it('stops at the first byte past maxBytes and destroys the stream', async () => {
    const stream = new PassThrough();
    const reading = readLimited(stream, 1000);
    stream.write(Buffer.alloc(600));
    stream.write(Buffer.alloc(600));
    // Never ended: the answer must not wait for the rest of the upload.
    expect(await reading).toBeUndefined();
    expect(stream.destroyed).toBe(true);
  });

  it("answers undefined when the parser's own limit cut the file", async () => {
    const stream = new PassThrough() as PassThrough & UploadStream;
    const reading = readLimited(stream, 1000);
    stream.write(Buffer.alloc(100));
    stream.truncated = true;
    stream.emit('limit');
    expect(await reading).toBeUndefined();
  });

  it('passes on a stream error', async () => {
    const stream = new PassThrough();
    const reading = readLimited(stream, 1000);
    stream.destroy(new Error('Part terminated early'));
    await expect(reading).rejects.toThrow('terminated early');
  });
});
