import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { StorageGateway } from './storage-gateway';
import { InvalidStorageKeyError, assertValidStorageKey } from './storage-gateway';

function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Media on local disk under `rootDir` (the server uses `${dataDir}/media`, outside the web root).
 * Each object is one file at its key; its content type follows from the key's extension.
 */
export function createDiskStorage(rootDir: string): StorageGateway {
  const root = path.resolve(rootDir);

  function fileFor(key: string): { file: string; contentType: string } {
    const contentType = assertValidStorageKey(key);
    const file = path.resolve(root, ...key.split('/'));
    // The key rules already forbid escaping; this guards against a future rule change.
    if (!file.startsWith(root + path.sep))
      throw new InvalidStorageKeyError(key, 'outside the store');
    return { file, contentType };
  }

  return {
    async put(key, data, contentType) {
      const { file, contentType: expected } = fileFor(key);
      if (contentType !== expected) {
        throw new InvalidStorageKeyError(
          key,
          `extension does not match content type ${contentType}`,
        );
      }
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside the target and rename over it: a reader sees the old file or the whole new one.
      // The leading dot keeps the temp file outside what any valid key can name.
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      const handle = await open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(data);
        await handle.datasync();
      } catch (err) {
        await handle.close();
        await unlink(temp).catch(() => undefined);
        throw err;
      }
      await handle.close();
      try {
        await rename(temp, file);
      } catch (err) {
        await unlink(temp).catch(() => undefined);
        throw err;
      }
    },

    async get(key) {
      const { file, contentType } = fileFor(key);
      // Size and body come from one open file, so a concurrent replace cannot mismatch them.
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream({ autoClose: true }), size: info.size, contentType };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async delete(key) {
      const { file } = fileFor(key);
      try {
        await unlink(file);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
  };
}
