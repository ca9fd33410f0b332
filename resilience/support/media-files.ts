import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file under the media store, as paths relative to it with forward slashes (which is how
 * storage keys name them), hidden files included: a half-written temp file is a file too.
 */
export async function mediaFiles(mediaDir: string): Promise<string[]> {
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(
    (err: unknown) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(mediaDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}
