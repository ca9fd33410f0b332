import type { Readable } from 'node:stream';

/** Where uploaded and generated media live: local disk now, S3-compatible storage later. */
export interface StorageGateway {
  /** Stores `data` under `key`, replacing what was there; readers never see a half-written object. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when nothing is stored under `key`. */
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>;
  /**
   * Removes `key`; removing a missing key is not an error. With `crashLeftovers`, also whatever a
   * put of it interrupted by a crash left behind (the orphan sweep asks for this, for keys a
   * crashed upload journaled; an ordinary delete need not pay for looking).
   */
  delete(key: string, options?: { crashLeftovers?: boolean }): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  readonly key: string;
  constructor(key: string, reason: string) {
    // The key is clipped: it may come from a request and must not flood the logs.
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 80))}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
    this.key = key;
  }
}

/** The media types the stores accept, by key extension: a key's extension fixes how it is served. */
export const CONTENT_TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const MAX_KEY_LENGTH = 256;
const MAX_SEGMENTS = 8;
// A segment starts with a letter or digit, so '.', '..' and hidden names (our temp files) are unaddressable.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Checks a key is a short relative path of plain segments with a known media extension, so no
 * key can reach outside the store (traversal, absolute paths, backslashes, NUL) whatever the backend.
 * Returns the key's content type.
 */
export function assertValidStorageKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) {
    throw new InvalidStorageKeyError(String(key), 'empty');
  }
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key, 'too long');
  if (key.startsWith('/')) throw new InvalidStorageKeyError(key, 'absolute');
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS) throw new InvalidStorageKeyError(key, 'too deep');
  for (const segment of segments) {
    if (segment === '..' || segment === '.') throw new InvalidStorageKeyError(key, 'traversal');
    if (!SEGMENT.test(segment)) throw new InvalidStorageKeyError(key, 'unsupported characters');
  }
  const last = segments[segments.length - 1] ?? '';
  const dot = last.lastIndexOf('.');
  const contentType =
    dot > 0 ? CONTENT_TYPES_BY_EXTENSION[last.slice(dot + 1).toLowerCase()] : undefined;
  if (!contentType) throw new InvalidStorageKeyError(key, 'unsupported extension');
  return contentType;
}

export function isValidStorageKey(key: string): boolean {
  try {
    assertValidStorageKey(key);
    return true;
  } catch {
    return false;
  }
}
