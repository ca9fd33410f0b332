import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import { withDeadline } from '../../lib/deadline';
import { ServiceUnavailableError } from '../../lib/errors';

/*
 * What a catalogue read that misses the page cache may cost (the cost guard). Cached pages never
 * come here. Each process runs at most `slots` list queries at once, lets a short line wait, and
 * turns the rest away at once with a 503: a flood of uncached pages then costs the database a
 * bounded amount of work, and the visitors it would have queued behind the flood get an answer
 * in time. Looking one listing up by id costs a few index reads whatever is asked, so it does not
 * queue behind the lists: a list flood cannot slow down the detail pages. Every read has a
 * deadline, so no visitor waits longer than that for an answer.
 */

export interface CatalogueGuardOptions {
  /** Catalogue queries one process runs at once. */
  slots: number;
  /** Requests that may wait for a slot; past it, a 503 at once. */
  maxWaiting: number;
  /** The longest a read may take, waiting included (CATALOGUE_STATEMENT_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface CatalogueGuard {
  /** A list query: waits for a slot (or is refused), within the deadline. */
  run<T>(query: () => Promise<T>): Promise<T>;
  /** One listing by id: within the deadline, without a slot. */
  lookup<T>(query: () => Promise<T>): Promise<T>;
}

/** Seconds a turned-away visitor is asked to wait: a flood's line moves in about that. */
const BUSY_RETRY_AFTER_SECONDS = 1;
const SLOW_RETRY_AFTER_SECONDS = 2;

function busy(): ServiceUnavailableError {
  return new ServiceUnavailableError(
    'Many people are looking at listings right now. Try again in a moment.',
    BUSY_RETRY_AFTER_SECONDS,
  );
}

function tooSlow(): ServiceUnavailableError {
  return new ServiceUnavailableError(
    'The listings took too long to load. Try again in a moment.',
    SLOW_RETRY_AFTER_SECONDS,
  );
}

export function createCatalogueGuard(options: CatalogueGuardOptions): CatalogueGuard {
  const limit = createConcurrencyLimit(options.slots, options.maxWaiting);
  return {
    async run(query) {
      let abandoned = false;
      const work = (async () => {
        const release = await limit.acquire();
        if (!release) throw busy();
        // Its visitor already had a 503: the slot goes to the next one instead.
        if (abandoned) {
          release();
          throw tooSlow();
        }
        try {
          return await query();
        } finally {
          release();
        }
      })();
      try {
        return await withDeadline(work, options.timeoutMs, tooSlow);
      } catch (err) {
        abandoned = true;
        throw err;
      }
    },
    lookup(query) {
      return withDeadline(query(), options.timeoutMs, tooSlow);
    },
  };
}
