/*
 * The storage keys of a photo row's files, for every module that deletes photo rows (media,
 * listings): free of sharp and of the database, so pure rules can import it.
 */

/**
 * Where a photo's link-preview image is stored once rendered (social-images.service.ts). Derived
 * from the photo row's id, so the image needs no column and a photo that never had one is
 * deleted the same way.
 */
export function socialImageKey(photoId: string): string {
  return `social/${photoId.slice(0, 2)}/${photoId}.jpg`;
}

/**
 * Every file a photo row may own: its WebP variants and its preview image, which exists only if
 * someone asked for it (deleting a missing key is harmless in every store). Whoever deletes a
 * photo row deletes, or journals, these keys.
 */
export function photoFileKeys(photo: {
  id: string;
  variants: readonly { key: string }[];
}): string[] {
  return [...photo.variants.map((variant) => variant.key), socialImageKey(photo.id)];
}
