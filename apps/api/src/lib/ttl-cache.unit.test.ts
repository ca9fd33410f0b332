import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../test/fake-clock';
import { createTtlCache } from './ttl-cache';

function counter() {
  let loads = 0;
  return {
    load: (value: string) => () => {
      loads += 1;
      return Promise.resolve(`${value}#${loads}`);
    },
    get loads() {
      return loads;
    },
  };
}

describe('createTtlCache', () => {
  it('answers from memory within the time to live, and loads again after it', async () => {
    const clock = createFakeClock();
    const cache = createTtlCache<string>({ ttlMs: 5_000, maxEntries: 10, clock });
    const c = counter();
    expect(await cache.get('a', c.load('a'))).toBe('a#1');
    clock.advance(4_999);
    expect(await cache.get('a', c.load('a'))).toBe('a#1');
    clock.advance(1);
    expect(await cache.get('a', c.load('a'))).toBe('a#2');
    expect(c.loads).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = createTtlCache<string>({
      ttlMs: 5_000,
      maxEntries: 10,
      clock: createFakeClock(),
    });
    const c = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('a', c.load('a'))));
    expect(answers).toEqual(['a#1', 'a#1', 'a#1']);
    expect(c.loads).toBe(1);
  });

  it('forgets everything on clear()', async () => {
    const cache = createTtlCache<string>({
      ttlMs: 5_000,
      maxEntries: 10,
      clock: createFakeClock(),
    });
    const c = counter();
    await cache.get('a', c.load('a'));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', c.load('a'))).toBe('a#2');
  });

  it('does not keep a failed load', async () => {
    const cache = createTtlCache<string>({
      ttlMs: 5_000,
      maxEntries: 10,
      clock: createFakeClock(),
    });
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('a', () => Promise.resolve('back'))).toBe('back');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createTtlCache<string>({ ttlMs: 5_000, maxEntries: 2, clock: createFakeClock() });
    const c = counter();
    await cache.get('a', c.load('a'));
    await cache.get('b', c.load('b'));
    await cache.get('c', c.load('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', c.load('a'))).toBe('a#4');
    expect(await cache.get('c', c.load('c'))).toBe('c#3');
  });

  it('stores nothing with a time to live of 0', async () => {
    const cache = createTtlCache<string>({ ttlMs: 0, maxEntries: 10, clock: createFakeClock() });
    const c = counter();
    await cache.get('a', c.load('a'));
    expect(await cache.get('a', c.load('a'))).toBe('a#2');
    expect(cache.size).toBe(0);
  });

  it('loads every get and keeps nothing while it is not trusted', async () => {
    let trusted = false;
    const cache = createTtlCache<string>({
      ttlMs: 5_000,
      maxEntries: 10,
      clock: createFakeClock(),
      trusted: () => trusted,
    });
    const c = counter();
    expect(await cache.get('a', c.load('a'))).toBe('a#1');
    expect(await cache.get('a', c.load('a'))).toBe('a#2');
    expect(cache.size).toBe(0);
    trusted = true;
    expect(await cache.get('a', c.load('a'))).toBe('a#3');
    expect(await cache.get('a', c.load('a'))).toBe('a#3');
  });
});
