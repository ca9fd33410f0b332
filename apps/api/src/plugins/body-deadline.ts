import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * How long the request line and headers may take: Node answers 408 itself past it. Its default
 * (60 s) is twice what a phone that lost its signal should hold a connection for.
 */
const HEADERS_TIMEOUT_MS = 30_000;

/** After the 408 is handed over, how long its writing may take before the socket is cut anyway. */
const CLOSE_GRACE_MS = 5_000;

function bodyStalled(idleMs: number): AppError {
  return new AppError(
    'REQUEST_TIMEOUT',
    `body: nothing arrived for ${Math.round(idleMs / 1000)} s. Check the connection and send it again.`,
    [{ field: 'body', message: 'stopped arriving' }],
  );
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/**
 * A client that stops sending in the middle of a body (a phone that lost its signal) would
 * otherwise hold its connection, its upload slot and its temp files until the whole-request
 * deadline (minutes). Here a body silent for `idleMs` while the server is reading it fails its
 * reader with a 408 (Fastify's body reader and the multipart parser both listen for the request's
 * 'error'), which goes out through the error handler with `Connection: close`, so the socket is
 * closed once the answer is written; a reader that cannot answer has the socket cut. The tus
 * server reading a PATCH listens too: it stops, keeps what arrived, and answers the offset.
 *
 * Silence only counts while the server is waiting for the client: a body the server has paused
 * (the upload is busy re-encoding earlier photos, back-pressure) is not the client's stall.
 */
export function registerBodyDeadline(app: FastifyInstance, idleMs: number): void {
  app.server.headersTimeout = Math.min(
    app.server.headersTimeout || HEADERS_TIMEOUT_MS,
    HEADERS_TIMEOUT_MS,
  );

  app.addHook('onRequest', (request, reply, done) => {
    if (hasBody(request) && !request.raw.complete) watchBody(request, reply, idleMs);
    done();
  });
}

function watchBody(request: FastifyRequest, reply: FastifyReply, idleMs: number): void {
  const raw = request.raw;
  const socket = raw.socket;
  // app.inject() hands requests over on a stand-in socket with no timer of its own.
  if (typeof (socket as Partial<typeof socket> | null)?.setTimeout !== 'function') return;
  const before = socket.timeout ?? 0;
  socket.setTimeout(idleMs);

  // Node emits 'timeout' on a request whose body is incomplete when its socket has been silent.
  const onTimeout = (): void => {
    // A route that handed the request to a raw handler (the tus uploads, reply.hijack()) counts
    // as sent before that handler has answered: it is still reading, and is told like any reader.
    const handedOver = reply.sent && !reply.raw.headersSent;
    if (reply.sent && !handedOver) {
      // Answered already, and the rest of the body never came: nothing more to say.
      socket.destroy();
      return;
    }
    if (raw.readableFlowing !== true) {
      socket.setTimeout(idleMs);
      return;
    }
    const error = bodyStalled(idleMs);
    request.log.info({ idleMs }, 'request body stalled: answering 408');
    // A raw handler sets its own (tus answers an aborted request with Connection: close).
    if (!handedOver) reply.header('Connection', 'close');
    const cut = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
    if (raw.listenerCount('error') > 0) raw.emit('error', error);
    else socket.destroy();
  };
  raw.on('timeout', onTimeout);
  raw.once('end', () => {
    raw.off('timeout', onTimeout);
    // Only our own setting is undone: after the answer Node may have set its keep-alive timeout.
    if (socket.timeout === idleMs) socket.setTimeout(before);
  });
}
