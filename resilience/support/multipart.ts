import { randomUUID } from 'node:crypto';

/*
 * A photo upload's multipart/form-data body built by hand, so a spec can send it in pieces and
 * hold the rest back: a phone on a slow network is still sending when the server dies.
 */

export interface PhotoPart {
  label: string;
  name: string;
  data: Buffer;
}

export interface MultipartBody {
  contentType: string;
  /** One chunk per photo (its category field and its file); the closing boundary is the last. */
  chunks: Buffer[];
}

export function photoForm(photos: readonly PhotoPart[]): MultipartBody {
  const boundary = `----resilience${randomUUID().replaceAll('-', '')}`;
  const chunks = photos.map((photo) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${photo.label}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${photo.name}"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      photo.data,
      Buffer.from('\r\n'),
    ]),
  );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, chunks };
}

/**
 * A request body that sends the first `sendFirst` chunks at once and the rest only after
 * `release()`: the upload is still streaming for as long as it is not released.
 */
export function heldBody(
  body: MultipartBody,
  sendFirst: number,
): { stream: ReadableStream<Uint8Array>; release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next === sendFirst) await released;
      const chunk = body.chunks[next++];
      if (chunk) controller.enqueue(new Uint8Array(chunk));
      if (next >= body.chunks.length) controller.close();
    },
  });
  return { stream, release };
}
