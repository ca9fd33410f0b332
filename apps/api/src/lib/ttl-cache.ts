import type { Clock } from './clock';

export interface TtlCache<T> {
  /**
   * The value stored under `key` if younger than the time to live, else what `load` gives (which
   * is then stored). Concurrent misses for one key share one load; a failed load is not stored.
   */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything: the next get of every key loads. */
  clear(): void;
  readonly size: number;
}

interface Entry<T> {
  value: Promise<T>;
  storedAt: number;
}

/**
 * A small in-process cache with a time to live and a bound on entries (the oldest go first). With
 * ttlMs 0, or while it is not trusted, it stores nothing and every get loads.
 */
export function createTtlCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
  clock: Clock;
  /** false while what the cache holds cannot be vouched for: every get loads, nothing is kept. */
  trusted?: () => boolean;
}): TtlCache<T> {
  const { ttlMs, maxEntries, clock, trusted } = options;
  const entries = new Map<string, Entry<T>>();

  return {
    get(key, load) {
      if (ttlMs <= 0 || (trusted && !trusted())) return load();
      const now = clock().getTime();
      const hit = entries.get(key);
      if (hit && now - hit.storedAt < ttlMs) return hit.value;
      if (hit) entries.delete(key);
      const entry: Entry<T> = { value: load(), storedAt: now };
      entries.set(key, entry);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear() {
      // A load already under way still answers its callers (they asked before the change), but
      // it is no longer in the map, so no later get sees it.
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
