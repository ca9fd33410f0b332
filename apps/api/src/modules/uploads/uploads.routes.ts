import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Server, type Locker } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PHOTO_MAX_BYTES } from '@makazi/contracts/listing-values';
import { ZViewerProperty } from '@makazi/contracts/listings';
import { UPLOADS_PATH, ZAttachUploadParams } from '@makazi/contracts/uploads';
import { errors, security } from '../../lib/route-schema';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { keepAnswersPrivate } from '../../plugins/private-answers';
import { clientAddress } from '../../plugins/rate-limit';
import type { UploadFiles } from './upload-files';
import type { UploadsService } from './uploads.service';

/*
 * The tus endpoint (/api/uploads, decision 043) and the attach step. The tus routes are Fastify
 * routes, so sign-in, the rate limit, the request id and the security headers apply as anywhere;
 * once our checks pass (uploads.service.ts), the request is handed to @tus/server, which reads
 * the body and answers. Fastify's onSend hooks do not run for a handed-over (hijacked) answer:
 * the headers they would have set are copied onto it first. The tus routes are no JSON API and
 * stay out of the API document (the protocol is tus 1.0.0; packages/contracts/src/uploads.ts).
 */

interface UploadsRoutesOptions {
  service: UploadsService;
  requireSignIn: RequireSignIn;
  files: UploadFiles;
  locker: Locker;
  creationsPerUserPerHour: number;
}

const TUS_BODY = 'application/offset+octet-stream';

/**
 * The web Request tus reads, streaming the Node request's body. `runtime.node` is where tus (as
 * srvx, its own adapter) finds the Node request, to stop reading when it fails (a client gone, a
 * stalled body: plugins/body-deadline.ts); our naming and logging find it there too.
 */
function webRequestOf(raw: IncomingMessage, res: ServerResponse, target: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const length = raw.headers['content-length'];
  const hasBody =
    (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
  // `duplex: 'half'` (a streamed body) is in Node's fetch, not yet in the DOM types.
  const init: RequestInit & { duplex?: 'half' } = { method: raw.method ?? 'GET', headers };
  if (hasBody) {
    init.body = Readable.toWeb(raw);
    init.duplex = 'half';
  }
  // The path the route authorized, never the client's URL: tus takes an upload's id from the last
  // segment of the whole URL, query string included (`/api/uploads/<mine>?/<theirs>`).
  const request = new Request(new URL(target, 'http://uploads.invalid'), init);
  Object.defineProperty(request, 'runtime', { value: { name: 'node', node: { req: raw, res } } });
  return request;
}

export const uploadsRoutes: FastifyPluginCallbackZod<UploadsRoutesOptions> = (
  app,
  { service, requireSignIn, files, locker, creationsPerUserPerHour },
  done,
) => {
  /**
   * The upload id the route decided (a creation) or authorized (HEAD, PATCH, DELETE) for each
   * request: the only id tus acts on.
   */
  const decided = new WeakMap<object, string>();
  /** The Node request under tus's web Request (srvx keeps it). */
  const rawOf = (req: { runtime?: { node?: { req: object } } }) => req.runtime?.node?.req;

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: files.store,
    locker,
    maxSize: PHOTO_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: no Access-Control-Allow-Origin (tus's default would be `*`).
    allowedOrigins: [],
    namingFunction: (req) => {
      const raw = rawOf(req);
      const id = raw && decided.get(raw);
      // Unreachable: POST is handed over only after begin() decided the id.
      if (!id) throw Object.assign(new Error('no upload id decided'), { status_code: 500 });
      return id;
    },
    // Whatever the URL says (tus reads its last segment): the id the route checked.
    getFileIdFromRequest: (req) => {
      const raw = rawOf(req);
      return raw && decided.get(raw);
    },
    onResponseError: (req, err) => {
      const status = 'status_code' in err ? err.status_code : 500;
      if (status >= 500) {
        app.log.error({ err, url: req.url }, 'tus upload request failed');
      }
      return undefined;
    },
  });

  // The body is tus's to read, chunk by chunk into the upload's file: Fastify must not parse it.
  app.addContentTypeParser(TUS_BODY, (_request, _payload, done) => {
    done(null);
  });

  /**
   * Hands the request to tus and writes its answer, with the headers our hooks set. Not
   * tus.handle(): its writer ends a response with a callback only, which Fastify's
   * inject (every route's tests) cannot take; tus's answers are short texts, written here whole.
   */
  async function handOver(
    request: FastifyRequest,
    reply: FastifyReply,
    /**
     * The upload's id: decided for a creation, checked as the caller's for HEAD, PATCH and
     * DELETE; none for OPTIONS, which names no upload.
     */
    uploadId: string | undefined,
    /** Our records of what tus did, before the client hears of it. */
    beforeAnswer: (status: number) => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    const raw = request.raw;
    const res = reply.raw;
    if (uploadId !== undefined) decided.set(raw, uploadId);
    const target =
      uploadId === undefined || request.method === 'POST'
        ? UPLOADS_PATH
        : `${UPLOADS_PATH}/${encodeURIComponent(uploadId)}`;
    // Each answer concerns one person's upload: never kept by a cache.
    reply.header('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    reply.hijack();
    try {
      const response = await tus.handleWeb(webRequestOf(raw, res, target));
      const body = Buffer.from(await response.arrayBuffer());
      await beforeAnswer(response.status);
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(body);
      }
    } catch (err) {
      request.log.error({ err }, 'tus could not answer an upload request');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    }
  }

  const hidden = { hide: true, tags: ['uploads'] };
  const describe = (summary: string, description: string, open = false) => ({
    ...hidden,
    summary,
    description,
    security: open ? security.public : security.user,
  });

  app.post(
    '/uploads',
    {
      onRequest: requireSignIn,
      config: {
        rateLimit: {
          max: creationsPerUserPerHour,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) =>
            request.actor?.userId ?? clientAddress(request),
        },
      },
      schema: describe(
        'Begin a resumable photo upload (tus creation)',
        'Upload-Length (at most the photo limit) and Upload-Metadata with propertyId and label; 201 with Location.',
      ),
    },
    async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(',') : value;
      };
      const { uploadId } = await service.begin(requireActor(request), {
        uploadLength: header('upload-length'),
        uploadDeferLength: header('upload-defer-length'),
        uploadConcat: header('upload-concat'),
        uploadMetadata: header('upload-metadata'),
      });
      await handOver(request, reply, uploadId, async (status) => {
        if (status !== 201) await service.abandonCreation(uploadId);
      });
    },
  );

  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: '/uploads/:id',
      onRequest: requireSignIn,
      schema: describe(
        `tus ${method} of one of your uploads`,
        'HEAD: how much has arrived (Upload-Offset). PATCH: the next bytes at Upload-Offset. DELETE: cancel it. 404 for an upload that is not yours.',
      ),
      handler: async (request, reply) => {
        const uploadId = request.params.id;
        await service.requireOwnOpenUpload(requireActor(request), uploadId);
        await handOver(request, reply, uploadId, async (status) => {
          if (method === 'DELETE' && status === 204) await service.terminated(uploadId);
        });
      },
    });
  }

  // What the server supports (tus discovery): the same for everyone, no upload named.
  for (const url of ['/uploads', '/uploads/:id']) {
    app.options(
      url,
      {
        schema: describe('tus capabilities', 'Tus-Version, Tus-Extension and Tus-Max-Size.', true),
      },
      async (request, reply) => {
        await handOver(request, reply, undefined);
      },
    );
  }
  done();
};

/** The attach step, idempotent: POST /api/properties/{id}/photos/uploads/{uploadId}. */
export const attachUploadRoutes: FastifyPluginCallbackZod<{
  service: UploadsService;
  requireSignIn: RequireSignIn;
}> = (app, { service, requireSignIn }, done) => {
  // The answer is the owner view, with the owner's contact number: never kept by a shared cache.
  keepAnswersPrivate(app);

  app.post(
    '/properties/:id/photos/uploads/:uploadId',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['properties'],
        operationId: 'attachPhotoUpload',
        security: security.user,
        summary: 'Add a photo that arrived by resumable upload to your listing',
        description: [
          `The upload (tus, at ${UPLOADS_PATH}) must be yours, for this listing, and complete: 409 while bytes are missing, 404 for anyone else’s or an unknown id.`,
          'The photo goes through the same checks and re-encoding as POST /api/properties/{id}/media (415 when it is no image, which also discards the upload; 413 over 40 megapixels) into the slot of the label the upload was created for, replacing a photo already there; on a live listing it joins the pending change.',
          '201 with the owner view. Idempotent: attaching an upload attached already changes nothing and answers 200 with the owner view, so a client may retry after a lost answer.',
        ].join(' '),
        params: ZAttachUploadParams,
        response: {
          200: ZViewerProperty,
          201: ZViewerProperty,
          ...errors(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { created, view } = await service.attach(
        requireActor(request),
        request.params.id,
        request.params.uploadId,
      );
      reply.code(created ? 201 : 200);
      return view;
    },
  );
  done();
};
