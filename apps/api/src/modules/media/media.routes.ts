import multipart from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import {
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type FastifyPluginCallbackZod,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_MAX_BYTES, PHOTOS_PER_LISTING_MAX } from '@makazi/contracts/listing-values';
import { ZPropertyIdParams, ZViewerProperty } from '@makazi/contracts/listings';
import { ZPictureLabel } from '@makazi/contracts/properties';
import { SOCIAL_IMAGE_EXTENSION, SOCIAL_IMAGE_TYPE } from '@makazi/contracts/social-image-values';
import { AppError, invalidField } from '../../lib/errors';
import { errors, security } from '../../lib/route-schema';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { clientAddress } from '../../plugins/rate-limit';
import type { FormPart, MediaService } from './media.service';
import { readLimited } from './read-limited';
import { keepAnswersPrivate } from '../../plugins/private-answers';

/**
 * A light guard against a runaway client: a listing needs at most nine photos, and a phone on a
 * poor network retrying a failed upload stays far below this. Counted per signed-in user.
 */
const UPLOAD_LIMIT = {
  max: 60,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => request.actor?.userId ?? clientAddress(request),
};

const uploadErrors = errors(400, 401, 403, 404, 413, 415, 429);

/**
 * The form as the API description shows it. Documentation only: the body is a stream the handler
 * reads part by part (see formParts), so no schema validates it.
 */
const ZUploadForm = z.object({
  files: z
    .array(z.string().meta({ format: 'binary' }))
    .describe('The photos (JPEG, PNG, WebP …), in order'),
  category: z
    .array(ZPictureLabel)
    .describe('One picture label per file: the i-th labels the i-th file'),
});

/** The route's schemas are validated with zod, except the body, which is only documented. */
function paramsOnlyValidator<T>(
  route: Parameters<FastifySchemaCompiler<T>>[0],
): ReturnType<FastifySchemaCompiler<T>> {
  if (route.httpPart === 'body') return (value: unknown) => ({ value });
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

/** The request's multipart parts as the service reads them; 415 when the body is not multipart. */
async function* formParts(request: FastifyRequest): AsyncGenerator<FormPart> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the photos as multipart/form-data with repeated files and category fields.',
    );
  }
  // The parser throws a plain Error (a 500) on a multipart type without its boundary parameter.
  if (!/;\s*boundary=[^;\s]/i.test(request.headers['content-type'] ?? '')) {
    throw invalidField('content-type', 'multipart/form-data needs its boundary parameter');
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        yield {
          kind: 'file',
          name: part.fieldname,
          read: (max) =>
            readLimited(part.file, max).catch((err: unknown) => {
              throw asBodyError(err);
            }),
        };
      } else {
        yield { kind: 'field', name: part.fieldname, value: String(part.value) };
      }
    }
  } catch (err) {
    throw asBodyError(err);
  }
}

/**
 * What the parser or a file stream failed with, as the client is told. Its limits and a stalled
 * body answer with a status of their own (FST_ errors, 413, 408); anything else is a body it could
 * not read (a boundary the body never uses, a body cut off inside a part): the client's fault, not
 * a 500.
 */
function asBodyError(err: unknown): unknown {
  if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') {
    return err;
  }
  return invalidField('body', 'is not a readable multipart/form-data body');
}

/**
 * How much of an unwanted body is read and dropped after an early answer, and for how long,
 * before the connection is cut: a whole request of browser-compressed photos (20 × 1 MB) and then
 * some, and time enough for a slow phone to notice the answer and stop.
 */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/**
 * After an early answer (a 413 on the second file, a 403 before any), the rest of the body is not
 * wanted, but it is read and dropped rather than left unread: closing a socket with unread data
 * makes the kernel reset it, and a client still sending could then lose the answer it was sent.
 * Past DRAIN_MAX_BYTES or DRAIN_MAX_MS the connection is cut (the client has had the answer).
 */
function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded) return;
  raw.unpipe();
  let drained = 0;
  const cut = () => raw.socket?.destroy();
  const deadline = setTimeout(cut, DRAIN_MAX_MS);
  deadline.unref();
  const stop = () => clearTimeout(deadline);
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) {
      stop();
      cut();
    }
  });
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
}

export const mediaRoutes: FastifyPluginAsyncZod<{
  service: MediaService;
  requireSignIn: RequireSignIn;
}> = async (app, { service, requireSignIn }) => {
  // Multipart is parsed on this route alone. Limits are per part; the service names which file
  // broke one. One more file and field than allowed reach the service, so it answers a 400 that
  // says what the limit is; beyond that the parser stops with a 413.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: PHOTO_MAX_BYTES,
      files: PHOTOS_PER_LISTING_MAX + 1,
      fields: PHOTOS_PER_LISTING_MAX + 1,
      parts: 2 * PHOTOS_PER_LISTING_MAX + 2,
      fieldNameSize: 64,
      fieldSize: 64,
      headerPairs: 20,
    },
  });

  // The answer is the owner view, with the owner's contact number: never kept by a shared cache.
  keepAnswersPrivate(app);

  app.post(
    '/properties/:id/media',
    {
      onRequest: requireSignIn,
      config: { rateLimit: UPLOAD_LIMIT },
      validatorCompiler: paramsOnlyValidator,
      schema: {
        tags: ['properties'],
        operationId: 'uploadPropertyPhotos',
        security: security.user,
        summary: 'Add photos to your listing',
        description: [
          'multipart/form-data with repeated `files` (images) and `category` (picture labels) fields: the i-th category, in order of appearance, labels the i-th file, before or after it; the counts must match (400 naming category).',
          `Each file at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB (413 naming files.<i>) and 40 megapixels (413), checked by content: anything but JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF is a 415 whatever its name or declared type.`,
          'Photos are re-encoded to WebP (320, 768, 1280 wide) without EXIF or GPS. A label that already has a photo is replaced; others are appended. At most one photo per label per request.',
          `A listing holds at most ${PHOTOS_PER_LISTING_MAX} photos. All or nothing: when any file fails, none is kept. The listing becomes pending (awaiting review) when it has its address and every required photo, draft otherwise. Answers the owner view.`,
        ].join(' '),
        consumes: ['multipart/form-data'],
        params: ZPropertyIdParams,
        body: ZUploadForm,
        response: { 201: ZViewerProperty, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      try {
        const view = await service.uploadPhotos(actor, request.params.id, formParts(request));
        reply.code(201);
        return view;
      } catch (err) {
        discardRestOfBody(request);
        throw err;
      }
    },
  );
};

/** A photo's preview image never changes: a replaced photo gets a new id, hence a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Per client address. A preview is fetched about once per share, by the sharing phone (WhatsApp)
 * or a platform's crawler: people sharing listings from behind one carrier-grade NAT address stay
 * far below this (decision 016); a client walking photo ids is stopped at ten a second.
 */
const SOCIAL_IMAGE_LIMIT = { max: 600, timeWindow: '1 minute' };

/** `<photo id>.jpg` (socialImagePath's last segment) as the photo id; a 400 for anything else. */
const ZSocialImageParams = z.object({
  file: z
    .string()
    .transform((file) =>
      file.endsWith(SOCIAL_IMAGE_EXTENSION) ? file.slice(0, -SOCIAL_IMAGE_EXTENSION.length) : '',
    )
    .pipe(z.uuid(`must be a photo id followed by ${SOCIAL_IMAGE_EXTENSION}`)),
});

/**
 * GET /social-images/<photo id>.jpg (socialImagePath): a photo's link-preview image, outside /api
 * like /media, for the og:image of server-rendered pages. Not in the API description: it is no
 * JSON API, and its only client is a link preview.
 */
export const socialImageRoutes: FastifyPluginCallbackZod<{
  service: Pick<MediaService, 'socialImage'>;
}> = (app, { service }, done) => {
  app.get(
    '/social-images/:file',
    {
      config: { rateLimit: SOCIAL_IMAGE_LIMIT },
      schema: { hide: true, params: ZSocialImageParams },
    },
    async (request, reply) => {
      const image = await service.socialImage(request.params.file);
      return reply
        .header('Cache-Control', IMMUTABLE)
        .header('Content-Length', image.size)
        .type(SOCIAL_IMAGE_TYPE)
        .send(image.body);
    },
  );
  done();
};
