import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { StorageGateway } from './storage-gateway';
import { InvalidStorageKeyError, assertValidStorageKey } from './storage-gateway';

function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** The temp file a put of `file` writes first: beside it, hidden, unique per put. */
function tempFileFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
}

const UUID_TMP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** Whether `name` is a temp file a put of `file` wrote (and a crash may have left). */
function isTempFileOf(file: string, name: string): boolean {
  const prefix = `.${path.basename(file)}.`;
  return name.startsWith(prefix) && UUID_TMP.test(name.slice(prefix.length));
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
      const temp = tempFileFor(file);
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

    async delete(key, options) {
      const { file } = fileFor(key);
      try {
        await unlink(file);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      if (!options?.crashLeftovers) return;
      // A process killed during a put leaves its temp file, which no key names: the sweep of the
      // keys a crashed upload journaled is the only chance to remove it. Listing the directory
      // costs more the more photos it holds, so only the sweep asks.
      let names: string[];
      try {
        names = await readdir(path.dirname(file));
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      for (const name of names) {
        if (!isTempFileOf(file, name)) continue;
        try {
          await unlink(path.join(path.dirname(file), name));
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
    },
  };
}
