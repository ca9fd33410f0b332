import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import type { StorageGateway } from './storage-gateway';
import { InvalidStorageKeyError, assertValidStorageKey } from './storage-gateway';

let base: string;
let root: string;
let storage: StorageGateway;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'makazi-storage-'));
  root = path.join(base, 'media');
  storage = createDiskStorage(root);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('storage keys', () => {
  it.each([
    '../secret.webp',
    'photos/../../etc/passwd.webp',
    'photos/./a.webp',
    '/etc/passwd.webp',
    'photos\\..\\a.webp',
    'photos//a.webp',
    'photos/.hidden.webp',
    'photos/a.webp\u0000.png',
    'photos/a b.webp',
    'photos/a.exe',
    'photos/noext',
    '',
    `photos/${'a'.repeat(300)}.webp`,
    'a/b/c/d/e/f/g/h/i.webp',
  ])('rejects %j', (key) => {
    expect(() => assertValidStorageKey(key)).toThrow(InvalidStorageKeyError);
  });

  it('accepts the keys photos are stored under and reports their type', () => {
    expect(assertValidStorageKey('photos/ab/0f8e2c1e-8a4f-4a57-9a57-1b2f0c3d4e5f-320.webp')).toBe(
      'image/webp',
    );
    expect(assertValidStorageKey('seed/house-1.JPG')).toBe('image/jpeg');
  });
});

describe('disk storage', () => {
  it('stores, reads back and deletes an object', async () => {
    await storage.put('photos/ab/x-320.webp', Buffer.from('hello'), 'image/webp');
    const got = await storage.get('photos/ab/x-320.webp');
    expect(got).not.toBeNull();
    expect(got?.size).toBe(5);
    expect(got?.contentType).toBe('image/webp');
    expect(await text(got!.body)).toBe('hello');
    expect(await readFile(path.join(root, 'photos/ab/x-320.webp'), 'utf8')).toBe('hello');

    await storage.delete('photos/ab/x-320.webp');
    expect(await storage.get('photos/ab/x-320.webp')).toBeNull();
    // Deleting again is not an error.
    await storage.delete('photos/ab/x-320.webp');
  });

  it('replaces an object whole and leaves no temp files behind', async () => {
    await storage.put('a/b.webp', Buffer.from('first version'), 'image/webp');
    await storage.put('a/b.webp', Buffer.from('second'), 'image/webp');
    const got = await storage.get('a/b.webp');
    expect(await text(got!.body)).toBe('second');
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.webp']);
  });

  it('deletes what a put killed before its rename left of the key when asked, and nothing of other keys', async () => {
    // A put writes `.<name>.<uuid>.tmp` beside the key and renames it; SIGKILL in between leaves it.
    const dir = path.join(root, 'photos', 'ab');
    await storage.put('photos/ab/x-320.webp', Buffer.from('stored'), 'image/webp');
    await storage.put('photos/ab/x-3200.webp', Buffer.from('other'), 'image/webp');
    const leftOver = '.x-320.webp.0b7c6a9e-4f61-4c1e-9d59-2f0f4a8e7d31.tmp';
    const othersLeftOver = [
      '.x-3200.webp.5b1f4c2a-8d7e-4e0b-a6f3-9c2d1e0f7a64.tmp',
      '.x-320.webp.png.7e2d9c4b-1a3f-4b6e-8c5d-0f9e8d7c6b5a.tmp',
    ];
    for (const name of [leftOver, ...othersLeftOver]) {
      await writeFile(path.join(dir, name), 'half a photo');
    }

    // An ordinary delete removes the object only: it does not list the directory.
    await storage.delete('photos/ab/x-320.webp');
    expect((await readdir(dir)).sort()).toEqual(
      [leftOver, ...othersLeftOver, 'x-3200.webp'].sort(),
    );

    await storage.put('photos/ab/x-320.webp', Buffer.from('stored'), 'image/webp');
    await storage.delete('photos/ab/x-320.webp', { crashLeftovers: true });
    expect((await readdir(dir)).sort()).toEqual([...othersLeftOver, 'x-3200.webp'].sort());

    // A put interrupted before the object ever existed: the sweep's delete still clears it.
    await writeFile(path.join(dir, leftOver), 'half a photo');
    await storage.delete('photos/ab/x-320.webp', { crashLeftovers: true });
    expect(await readdir(dir)).not.toContain(leftOver);
    // A key whose directory was never made is not an error either.
    await storage.delete('photos/zz/never-320.webp', { crashLeftovers: true });
  });

  it('returns null for a missing object', async () => {
    expect(await storage.get('photos/zz/missing.webp')).toBeNull();
  });

  it('refuses traversal keys on every operation and writes nothing outside its root', async () => {
    await writeFile(path.join(base, 'outside.webp'), 'secret');
    await expect(storage.get('../outside.webp')).rejects.toThrow(InvalidStorageKeyError);
    await expect(
      storage.put('../outside.webp', Buffer.from('overwritten'), 'image/webp'),
    ).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete('../outside.webp')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get('/etc/hostname.webp')).rejects.toThrow(InvalidStorageKeyError);
    expect(await readFile(path.join(base, 'outside.webp'), 'utf8')).toBe('secret');
  });

  it('refuses a content type that does not match the key', async () => {
    await expect(storage.put('a/b.webp', Buffer.from('x'), 'text/html')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    expect(await storage.get('a/b.webp')).toBeNull();
  });
});
