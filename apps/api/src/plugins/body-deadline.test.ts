import { readdir } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUploads } from '../db/schema';
import { insertLocationChain, insertProperty } from '../test/factories';
import { signUpAndIn, type SignedIn } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Issue 14: a client that stops sending in the middle of a body (a phone that lost its signal) is
 * answered 408 and its connection closed after BODY_IDLE_TIMEOUT_MS of silence, not after the
 * five-minute whole-request deadline; an upload's slot and files are freed. Over real sockets,
 * since the point is what happens to a connection.
 */

const IDLE_MS = 400;

let t: TestApp;
let port: number;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_IDLE_TIMEOUT_MS: String(IDLE_MS) } });
  const base = await t.listen();
  port = Number(new URL(base).port);
  owner = await signUpAndIn(t, { firstName: 'Asha', lastName: 'Mrema' });
});
afterAll(async () => {
  await t.close();
});

interface RawExchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<{ text: string; atMs: number }>;
  startedAt: number;
}

/** Opens a connection and writes `head` (request line, headers and the first bytes of a body). */
function openRequest(head: string | Buffer): RawExchange {
  const socket = connect({ host: '127.0.0.1', port });
  const startedAt = Date.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<{ text: string; atMs: number }>((resolve) => {
    socket.on('close', () => {
      resolve({ text: Buffer.concat(chunks).toString(), atMs: Date.now() - startedAt });
    });
  });
  socket.on('error', () => undefined);
  socket.write(head);
  return { socket, closed, startedAt };
}

function parseAnswer(text: string): { status: number; headers: string; body: unknown } {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, headers: head.toLowerCase(), body: JSON.parse(rest.join('\r\n\r\n')) };
}

describe('a body that stops arriving', () => {
  it('is answered 408 naming the body, and its connection closed, after the idle time', async () => {
    const body = JSON.stringify({ firstName: 'Neema', lastName: 'Mushi', phoneNumber: '0712' });
    const exchange = openRequest(
      `POST /api/auth/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length + 20}\r\n\r\n${body}`,
    );
    const { text, atMs } = await exchange.closed;
    const answer = parseAnswer(text);
    expect(answer.status, text).toBe(408);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toMatchObject({
      statusCode: 408,
      code: 'REQUEST_TIMEOUT',
      details: [{ field: 'body' }],
    });
    // Closed by the idle deadline (not the five-minute one), and not before the silence lasted.
    expect(atMs).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(atMs).toBeLessThan(IDLE_MS + 4_000);
  });

  it('is not cut while it keeps arriving, however slowly in all', async () => {
    const body = JSON.stringify({ firstName: 'Neema', lastName: 'Mushi', phoneNumber: 'bad' });
    const exchange = openRequest(
      `POST /api/auth/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Connection: close\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Ten pieces a quarter of the idle time apart: longer in all than the idle time, never
    // silent that long.
    const piece = Math.ceil(body.length / 10);
    for (let start = 0; start < body.length; start += piece) {
      exchange.socket.write(body.slice(start, start + piece));
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 4));
    }
    const { text, atMs } = await exchange.closed;
    expect(atMs).toBeGreaterThan(IDLE_MS);
    // The body arrived whole: the answer is about the phone number, not the connection.
    expect(parseAnswer(text)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('frees an upload: 408, no file, no journal entry, and the next upload succeeds', async () => {
    const chain = await insertLocationChain(t.db);
    const property = await insertProperty(t.db, {
      type: 'Rent',
      status: 'draft',
      publishedBy: owner.userId,
      address: { ...chain, houseNumber: '7' },
    });
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const boundary = 'stall';
    const firstFile = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\npicha_nje\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo.subarray(0, 100),
    ]);
    const exchange = openRequest(
      Buffer.concat([
        Buffer.from(
          `POST /api/properties/${property.id}/media HTTP/1.1\r\nHost: x\r\n` +
            `Authorization: ${owner.auth.authorization}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
            `Content-Length: ${firstFile.length + 50_000}\r\n\r\n`,
        ),
        firstFile,
      ]),
    );
    const { text } = await exchange.closed;
    expect(parseAnswer(text)).toMatchObject({ status: 408, body: { code: 'REQUEST_TIMEOUT' } });

    // The first photo was stored while the second was arriving: all of it is gone again.
    const mediaDir = path.join(t.dataDir, 'media');
    const files = await readdir(mediaDir, { recursive: true }).catch(() => []);
    expect(files.filter((f) => f.endsWith('.webp'))).toEqual([]);
    expect(await t.db.select().from(mediaUploads)).toEqual([]);

    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'a.jpg');
    form.append('category', 'picha_nje');
    const res = await fetch(`http://127.0.0.1:${port}/api/properties/${property.id}/media`, {
      method: 'POST',
      headers: owner.auth,
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });
});
