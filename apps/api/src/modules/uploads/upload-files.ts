import { mkdir, readdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { buffer } from 'node:stream/consumers';

/*
 * The tus uploads' directory (UPLOADS_DIR): each upload is a file named by its id, with its tus
 * details beside it in `<id>.json` (@tus/file-store). A local work area only: a photo is stored
 * for good through the storage gateway once attached, and its upload file is deleted.
 */

export interface UploadProgress {
  /** Bytes received so far. */
  offset: number;
  /** Upload-Length. */
  size: number;
}

export interface UploadFiles {
  /** The tus data store the tus server writes through. */
  store: FileStore;
  /** How far the upload has come; undefined when it has no file (deleted, or never created). */
  progress(id: string): Promise<UploadProgress | undefined>;
  /** The whole file; undefined when it is gone. */
  read(id: string): Promise<Buffer | undefined>;
  /** Deletes the file and its details; nothing to delete is no error. */
  remove(id: string): Promise<void>;
  /** Upload ids with a file or details last modified before `before`. */
  idsModifiedBefore(before: Date): Promise<string[]>;
  /** Bytes free to this process on the directory's file system. */
  freeBytes(): Promise<number>;
}

const DETAILS = '.json';

function isMissing(err: unknown): boolean {
  const status = (err as { status_code?: unknown }).status_code;
  const code = (err as { code?: unknown }).code;
  return status === 404 || status === 410 || code === 'ENOENT';
}

export function createUploadFiles(directory: string): UploadFiles {
  const store = new FileStore({ directory });
  /** Only names the server makes reach the disk (the routes check ids are uuids first). */
  const fileOf = (id: string) => path.join(directory, path.basename(id));
  return {
    store,

    async progress(id) {
      try {
        const upload = await store.getUpload(id);
        return { offset: upload.offset, size: upload.size ?? 0 };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async read(id) {
      try {
        return await buffer(store.read(id));
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async remove(id) {
      await rm(fileOf(id), { force: true });
      await rm(fileOf(id) + DETAILS, { force: true });
    },

    async freeBytes() {
      await mkdir(directory, { recursive: true });
      const stats = await statfs(directory);
      return stats.bavail * stats.bsize;
    },

    async idsModifiedBefore(before) {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (err) {
        if (isMissing(err)) return [];
        throw err;
      }
      const ids = new Set<string>();
      for (const name of names) {
        try {
          const stats = await stat(path.join(directory, name));
          if (stats.isFile() && stats.mtime < before) {
            ids.add(name.endsWith(DETAILS) ? name.slice(0, -DETAILS.length) : name);
          }
        } catch (err) {
          if (!isMissing(err)) throw err;
        }
      }
      return [...ids];
    },
  };
}
