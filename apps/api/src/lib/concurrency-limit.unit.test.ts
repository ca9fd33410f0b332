import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyLimit', () => {
  it('lets `slots` holders in and the rest wait, first come first served', async () => {
    const limit = createConcurrencyLimit(2);
    const order: string[] = [];
    const a = await limit.acquire();
    const b = await limit.acquire();
    expect(limit.active).toBe(2);
    const c = limit.acquire().then((release) => {
      order.push('c');
      return release;
    });
    const d = limit.acquire().then((release) => {
      order.push('d');
      return release;
    });
    await tick();
    expect(order).toEqual([]);
    a();
    a(); // releasing twice frees one slot only
    await tick();
    expect(order).toEqual(['c']);
    b();
    await tick();
    expect(order).toEqual(['c', 'd']);
    (await c)();
    (await d)();
    expect(limit.active).toBe(0);
  });

  it('refuses at once past maxWaiting waiters, and takes newcomers again once the line moves', async () => {
    const limit = createConcurrencyLimit(1, 1);
    const holder = await limit.acquire();
    const waiter = limit.acquire();
    expect(await limit.acquire()).toBeUndefined();
    holder?.();
    const next = await waiter;
    expect(next).toBeDefined();
    // The line is empty again: one may wait.
    const again = limit.acquire();
    next?.();
    expect(await again).toBeDefined();
  });

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow();
  });
});
