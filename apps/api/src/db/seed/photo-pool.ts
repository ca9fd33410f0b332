import {
  REQUIRED_PICTURE_LABELS,
  type TPictureLabel,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import sharp from 'sharp';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import type { StoredPhoto } from '../../modules/media/photo-processing';
import { processPhoto, storePhotoVariants } from '../../modules/media/photo-processing';
import type { SceneKind } from './scenes';
import { SCENE_KINDS, sceneSvg } from './scenes';

/** Which kind of picture fits each required slot of each listing type. */
export const SCENE_FOR_LABEL: Record<TPropertyType, Partial<Record<TPictureLabel, SceneKind>>> = {
  Land: { picha_mbele: 'plot', picha_nyuma: 'plot', picha_kulia: 'plot', picha_kushoto: 'plot' },
  Rent: {
    picha_nje: 'house',
    picha_chumba: 'bedroom',
    picha_sebule: 'living-room',
    picha_jiko: 'kitchen',
    picha_choo: 'bathroom',
  },
  Apartment: {
    picha_nje: 'apartment-block',
    picha_chumba: 'bedroom',
    picha_sebule: 'living-room',
    picha_jiko: 'kitchen',
    picha_choo: 'bathroom',
  },
  HouseForSale: {
    picha_mbele: 'house',
    picha_nyuma: 'house',
    picha_kulia: 'house',
    picha_kushoto: 'house',
    picha_sebule: 'living-room',
    picha_jiko: 'kitchen',
    picha_choo: 'bathroom',
    picha_chumba: 'bedroom',
  },
};

export function sceneForLabel(type: TPropertyType, label: TPictureLabel): SceneKind {
  const kind = SCENE_FOR_LABEL[type][label];
  if (!kind) throw new Error(`no scene for ${label} of ${type}`);
  return kind;
}

/** The 24-picture pool of the demo catalogue: more of what listings show most. */
export const DEMO_POOL_SIZES: Record<SceneKind, number> = {
  house: 6,
  'apartment-block': 3,
  plot: 5,
  bedroom: 3,
  'living-room': 3,
  kitchen: 2,
  bathroom: 2,
};

export type PhotoPool = Record<SceneKind, StoredPhoto[]>;

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Draws `sizes[kind]` pictures of each kind, runs them through the same pipeline as uploads
 * (processPhoto) and stores their variants. Listings then share these stored photos.
 */
export async function createPhotoPool(
  storage: StorageGateway,
  sizes: Record<SceneKind, number> = DEMO_POOL_SIZES,
  seed = 1,
): Promise<PhotoPool> {
  const jobs = SCENE_KINDS.flatMap((kind) =>
    Array.from({ length: sizes[kind] }, (_, i) => ({ kind, variant: seed * 100 + i })),
  );
  // Two at a time: libvips already spreads each image over the cores.
  const stored = await mapLimit(jobs, 2, async ({ kind, variant }) => {
    const jpeg = await sharp(Buffer.from(sceneSvg(kind, variant)))
      .jpeg({ quality: 90 })
      .toBuffer();
    return { kind, photo: await storePhotoVariants(storage, await processPhoto(jpeg)) };
  });
  const pool = Object.fromEntries(SCENE_KINDS.map((k) => [k, [] as StoredPhoto[]])) as PhotoPool;
  for (const { kind, photo } of stored) pool[kind].push(photo);
  return pool;
}

/** The photos of listing number `n` of `type`: one per required label, in the required order. */
export function photosForListing(
  pool: PhotoPool,
  type: TPropertyType,
  n: number,
): { label: TPictureLabel; position: number; photo: StoredPhoto }[] {
  return REQUIRED_PICTURE_LABELS[type].map((label, position) => {
    const choices = pool[sceneForLabel(type, label)];
    const photo = choices[(n + position) % choices.length];
    if (!photo) throw new Error(`photo pool has no ${sceneForLabel(type, label)} pictures`);
    return { label, position, photo };
  });
}
