import {
  CLIENT_PHOTO_MAX_BYTES,
  CLIENT_PHOTO_MAX_SIDE,
  PHOTO_MAX_BYTES,
} from '@makazi/contracts/listing-values';
import type imageCompression from 'browser-image-compression';
// The library's worker loads this copy of the library (same origin, hashed, cached with the app)
// instead of its default, a public CDN: no third party learns who posts, and no CSP hole.
import compressionLibraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

/*
 * Every photo is shrunk in the browser to at most 1 MB and 1024 px on its longest
 * side before it is sent, which turns a 4 MB phone photo into ~200 KB of upload on 3G. Re-encoding
 * through a canvas also drops the EXIF block, GPS position included. The library (~20 KiB gzip)
 * is downloaded only when the photo step opens.
 */

type TCompression = typeof imageCompression;

let library: Promise<TCompression> | null = null;

function loadCompression(): Promise<TCompression> {
  library ??= import('browser-image-compression').then(
    (module) => module.default,
    (error: unknown) => {
      library = null;
      throw error;
    },
  );
  return library;
}

/** The photo step calls this when it opens, so the library is there by the time a photo is picked. */
export function preloadCompression(): void {
  loadCompression().catch(() => {
    // The first pick tries again and reports the failure then.
  });
}

export type TPreparedPhoto =
  | { ok: true; file: File; compressed: boolean }
  | { ok: false; reason: 'notImage' | 'tooLarge' | 'unreadable' };

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/**
 * The file to upload for `file`: the compressed copy; or, when this browser cannot decode the
 * image (HEIC on most Android phones), the original as long as the API takes its size (10 MB),
 * since the server decodes more formats than a canvas and re-encodes every photo anyway.
 */
export async function preparePhoto(file: File, signal?: AbortSignal): Promise<TPreparedPhoto> {
  if (!isImageFile(file)) return { ok: false, reason: 'notImage' };
  try {
    const compress = await loadCompression();
    const smaller = await compress(file, {
      maxSizeMB: CLIENT_PHOTO_MAX_BYTES / (1024 * 1024),
      maxWidthOrHeight: CLIENT_PHOTO_MAX_SIDE,
      useWebWorker: true,
      libURL: new URL(compressionLibraryUrl, window.location.href).href,
      signal,
    });
    // Never upload more than the user picked (a small, already-optimised PNG can grow).
    // Typed as a File, but some browsers get a Blob carrying a name back.
    const best: Blob = smaller.size <= file.size ? smaller : file;
    if (best.size <= PHOTO_MAX_BYTES) {
      const named =
        best instanceof File ? best : new File([best], file.name, { type: best.type || file.type });
      return { ok: true, file: named, compressed: best !== file };
    }
    return { ok: false, reason: 'tooLarge' };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (file.size <= PHOTO_MAX_BYTES) return { ok: true, file, compressed: false };
    return { ok: false, reason: 'unreadable' };
  }
}
