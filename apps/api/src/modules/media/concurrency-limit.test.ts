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

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow();
  });
});
