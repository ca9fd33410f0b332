/** Frees the slot taken by acquire(); calling it twice frees it once. */
export type Release = () => void;

export interface ConcurrencyLimit {
  /**
   * Resolves once a slot is free, first come first served; undefined at once when `maxWaiting`
   * others already wait (the caller sheds the work rather than queue it behind them).
   */
  acquire(): Promise<Release | undefined>;
  /** Slots taken now (for tests and metrics). */
  readonly active: number;
}

/** Acquire that always waits: a limit made without maxWaiting never refuses. */
export interface UnboundedConcurrencyLimit extends ConcurrencyLimit {
  acquire(): Promise<Release>;
}

/**
 * At most `slots` holders at a time; the rest wait in arrival order, at most `maxWaiting` of them
 * (unset: any number).
 */
export function createConcurrencyLimit(slots: number): UnboundedConcurrencyLimit;
export function createConcurrencyLimit(slots: number, maxWaiting: number): ConcurrencyLimit;
export function createConcurrencyLimit(
  slots: number,
  maxWaiting = Number.POSITIVE_INFINITY,
): ConcurrencyLimit {
  if (!Number.isInteger(slots) || slots < 1) throw new Error(`slots must be ≥ 1, got ${slots}`);
  let active = 0;
  const waiting: (() => void)[] = [];

  function release(): void {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
    if (next) next();
    else active -= 1;
  }

  function once(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  }

  return {
    acquire() {
      if (active < slots) {
        active += 1;
        return Promise.resolve(once());
      }
      if (waiting.length >= maxWaiting) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.push(() => resolve(once())));
    },
    get active() {
      return active;
    },
  };
}
