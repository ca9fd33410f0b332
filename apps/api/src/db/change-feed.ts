import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DatabaseHandle } from './client';

/**
 * "Something changed" between the processes on one database (decision 015): a write in any
 * process tells every process, so caches of what the write changed are forgotten everywhere.
 */
export interface ChangeFeed {
  /**
   * Tells every other process that the data changed (this one's listeners run at once on PGlite;
   * on the server the publisher clears its own caches itself). Resolves once sent.
   */
  publish(): Promise<void>;
  /**
   * `listener` runs when any process published, and whenever the feed cannot vouch that nothing
   * was missed (it lost its connection, and again when it is back).
   */
  subscribe(listener: () => void): void;
  /** false while changes from other processes may go unheard: caches must not be trusted. */
  readonly live: boolean;
  /** Resolves once the first attempt to listen has succeeded or failed. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface ChangeFeedLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/** A PostgreSQL channel name: fixed, so it is safe to write into LISTEN (which takes no parameter). */
export type ChangeChannel = 'makazi_catalogue';

const RECONNECT_MAX_DELAY_MS = 2_000;

/** Embedded PGlite serves one process: the feed is that process's own, shared by its apps. */
const localFeeds = new WeakMap<DatabaseHandle, Map<ChangeChannel, ChangeFeed>>();

function localFeed(database: DatabaseHandle, channel: ChangeChannel): ChangeFeed {
  const feeds = localFeeds.get(database) ?? new Map<ChangeChannel, ChangeFeed>();
  localFeeds.set(database, feeds);
  const existing = feeds.get(channel);
  if (existing) return existing;
  const listeners = new Set<() => void>();
  const feed: ChangeFeed = {
    live: true,
    ready: () => Promise.resolve(),
    publish() {
      for (const listener of listeners) listener();
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    close: () => Promise.resolve(),
  };
  feeds.set(channel, feed);
  return feed;
}

/**
 * The feed for one channel: LISTEN/NOTIFY on the PostgreSQL server (so it needs nothing but the
 * database every process already shares), or in-process on PGlite. The listening connection is
 * its own (a pooled one would be handed to queries); it reconnects for as long as it takes.
 */
export function createChangeFeed(
  database: DatabaseHandle,
  channel: ChangeChannel,
  log: ChangeFeedLog,
): ChangeFeed {
  if (database.raw.kind === 'pglite') return localFeed(database, channel);
  const { url, pool } = database.raw;
  // Names this feed's own notifications: the publisher has cleared its caches before publishing,
  // and hearing itself a moment later would clear again, pages cached meanwhile included.
  const self = randomUUID();
  const listeners = new Set<() => void>();
  const tellAll = () => {
    for (const listener of listeners) listener();
  };
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempts = 0;

  function lost(reason: string): void {
    if (closed) return;
    if (live) log.warn({ channel, reason }, 'change feed lost: caches bypassed until it is back');
    live = false;
    client = undefined;
    tellAll();
    if (retry) return;
    attempts += 1;
    retry = setTimeout(
      () => {
        retry = undefined;
        void connect();
      },
      Math.min(attempts * 200, RECONNECT_MAX_DELAY_MS),
    );
    retry.unref();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'makazi-api-listen' });
    next.on('error', (err) => lost(err.message));
    next.on('end', () => {
      if (client === next) lost('connection ended');
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== self) tellAll();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      lost(err instanceof Error ? err.message : 'connect failed');
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (attempts > 0) log.info({ channel }, 'change feed back: caches trusted again');
    attempts = 0;
    live = true;
    // Whatever was published while it was away is unknown: treat it as a change.
    tellAll();
  }

  const firstAttempt = connect();

  return {
    ready: () => firstAttempt,
    get live() {
      return live;
    },
    async publish() {
      // Through the pool; the payload lets this process ignore its own notification.
      await pool.query('SELECT pg_notify($1, $2)', [channel, self]);
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      live = false;
      await current?.end().catch(() => undefined);
    },
  };
}
