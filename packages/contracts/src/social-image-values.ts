/*
 * The link-preview image of a listing photo (og:image), free of zod so the web's server rendering
 * can name it without a schema library. WhatsApp and Facebook show a large preview for an image
 * of about 1.91:1, at least 1200 wide, in a format they read (JPEG; WebP is not reliably shown).
 */

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
export const SOCIAL_IMAGE_TYPE = 'image/jpeg';

/** The file name's ending after the photo id. */
export const SOCIAL_IMAGE_EXTENSION = '.jpg';

/**
 * The path of a photo's preview image, from the site's root: prefix the public origin for
 * og:image. The image of a photo never changes (a replaced photo gets a new id), so it is cached
 * for a year.
 */
export function socialImagePath(photoId: string): string {
  return `/social-images/${photoId}${SOCIAL_IMAGE_EXTENSION}`;
}
