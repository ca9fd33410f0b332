import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { SOCIAL_IMAGE_TYPE } from '@makazi/contracts/social-image-values';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import type { UnboundedConcurrencyLimit } from '../../lib/concurrency-limit';
import { notFound } from '../../lib/errors';
import type { MediaLog } from './media.service';
import type { MediaRepository, PreviewSource } from './media.repository';
import { socialImageKey } from './photo-files';
import { renderSocialImage } from './photo-processing';

/*
 * Link-preview images (og:image, GET /social-images/<photo id>.jpg): a 1200×630 JPEG of a public
 * listing's photo, rendered from its largest stored variant the first time it is asked for and
 * kept in storage beside the variants (socialImageKey), so photos stored before this existed get
 * one too, with no backfill.
 *
 * Cost per request: one lookup of the photo by primary key and of its listing in the catalogue,
 * then a storage read; a render (tens of milliseconds of CPU) happens once per photo and process
 * at most, through the process's photo limit shared with uploads.
 *
 * Nothing is orphaned: whoever deletes a photo row deletes its preview key with its variants
 * (photoFileKeys). A render that finishes after its photo was deleted finds the row gone on its
 * second look and deletes what it stored; if the row was still there, the deletion came after the
 * store and removes it.
 */

export interface SocialImage {
  /** A stored image as a stream, or one just rendered. */
  body: Readable | Buffer;
  size: number;
}

export interface SocialImageService {
  /** The preview image of a photo of a public listing; 404 for any other photo id. */
  get(photoId: string): Promise<SocialImage>;
}

export interface SocialImageServiceDeps {
  repository: Pick<MediaRepository, 'findPreviewSource'>;
  storage: StorageGateway;
  log: MediaLog;
  /** The process's limit on photo work (the media service's, shared with uploads). */
  processing: UnboundedConcurrencyLimit;
  /** The renderer (tests count its calls); default renderSocialImage. */
  render?: (source: Buffer) => Promise<Buffer>;
}

const NOT_FOUND_MESSAGE = 'Photo not found';

export function createSocialImageService(deps: SocialImageServiceDeps): SocialImageService {
  const { repository, storage, log, processing } = deps;
  const render = deps.render ?? renderSocialImage;
  /** Renders under way in this process, by photo id: a second request waits for the first. */
  const rendering = new Map<string, Promise<Buffer>>();

  /** The stored image read whole: for a render that finds another process was quicker. */
  async function readStored(key: string): Promise<Buffer | undefined> {
    const stored = await storage.get(key);
    return stored ? buffer(stored.body) : undefined;
  }

  async function renderAndStore(photoId: string, source: PreviewSource): Promise<Buffer> {
    const key = socialImageKey(photoId);
    // The largest variant: an upload's 1280-wide one, or the source's own width when smaller.
    const largest = source.variants.reduce<PreviewSource['variants'][number] | undefined>(
      (best, variant) => (best && best.width >= variant.width ? best : variant),
      undefined,
    );
    if (!largest) throw notFound(NOT_FOUND_MESSAGE);

    let image: Buffer;
    // Read and decode inside the slot: waiting requests then hold no image in memory.
    const release = await processing.acquire();
    try {
      // Another process may have stored it while this request waited for a slot.
      const stored = await readStored(key);
      if (stored) return stored;
      const variant = await storage.get(largest.key);
      if (!variant) {
        log.warn({ photoId, key: largest.key }, 'a public photo has no stored variant to preview');
        throw notFound(NOT_FOUND_MESSAGE);
      }
      image = await render(await buffer(variant.body));
    } finally {
      release();
    }

    try {
      await storage.put(key, image, SOCIAL_IMAGE_TYPE);
    } catch (err) {
      // The image is good: answer it, and render again next time rather than fail the preview.
      log.warn({ err, photoId, key }, 'could not store a preview image');
      return image;
    }
    // The second look of the header comment: a photo deleted during the render leaves no file.
    if (!(await repository.findPreviewSource(photoId))) {
      await storage.delete(key).catch((err: unknown) => {
        log.error({ err, photoId, key }, 'a preview image of a deleted photo is left in storage');
      });
      throw notFound(NOT_FOUND_MESSAGE);
    }
    return image;
  }

  /** One render per photo at a time in this process, whoever asks. */
  function renderOnce(photoId: string, source: PreviewSource): Promise<Buffer> {
    const under = rendering.get(photoId);
    if (under) return under;
    const started = renderAndStore(photoId, source).finally(() => rendering.delete(photoId));
    rendering.set(photoId, started);
    return started;
  }

  return {
    async get(photoId) {
      const source = await repository.findPreviewSource(photoId);
      if (!source?.isPublic) throw notFound(NOT_FOUND_MESSAGE);
      const stored = await storage.get(socialImageKey(photoId));
      if (stored) return { body: stored.body, size: stored.size };
      const image = await renderOnce(photoId, source);
      return { body: image, size: image.length };
    },
  };
}
