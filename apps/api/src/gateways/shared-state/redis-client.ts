import { Redis } from 'ioredis';

/** What the client tells about Redis coming and going (once per change, never per command). */
export interface RedisStateLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * One command may wait this long. Redis answers in well under a millisecond; one that does not
 * answer in half a second is down or stalled, and a request must not wait on it.
 */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnection back-off: quick at first, then every two seconds for as long as it takes. */
const RECONNECT_MAX_DELAY_MS = 2_000;

/**
 * The Redis connection shared state goes through (REDIS_URL). It never queues a command while
 * disconnected and gives up on one after COMMAND_TIMEOUT_MS, so an outage fails the command at once:
 * the caller decides what that means (rate limits let the request through). It reconnects on its
 * own, and logs the outage once when it starts and once when it ends.
 */
export function createRedisClient(url: string, log: RedisStateLog): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, RECONNECT_MAX_DELAY_MS),
    // A first connection is not awaited: the server starts (and serves, failing open) without Redis.
    lazyConnect: false,
  });
  let down = false;
  let downSince = 0;
  client.on('error', (err: Error & { code?: string }) => {
    if (down) return;
    down = true;
    downSince = Date.now();
    log.warn(
      { reason: err.code ?? err.message },
      'Redis unreachable: rate limits fail open (not counted) until it is back',
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ outageMs: Date.now() - downSince }, 'Redis is back: rate limits count again');
  });
  return client;
}

/** Closes the connection, waiting for nothing a dead server would never answer. */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}
