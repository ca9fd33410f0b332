import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceUnavailableError } from '../../lib/errors';
import { createCatalogueGuard } from './catalogue-guard';

/** Lets every promise callback and timer-free continuation that is ready run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A query that answers when the test says so. */
function heldQuery() {
  let answer: (value: string) => void = () => undefined;
  const run = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
  return { run, answer: (value: string) => answer(value) };
}

// Deadlines fire when the test moves the clock, never because the machine was slow.
const TIMEOUT_MS = 2000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the catalogue guard', () => {
  it('runs `slots` queries at once, lets `maxWaiting` wait, and turns the next away at once', async () => {
    const guard = createCatalogueGuard({ slots: 1, maxWaiting: 1, timeoutMs: TIMEOUT_MS });
    const first = heldQuery();
    const second = heldQuery();
    const running = guard.run(first.run);
    const waiting = guard.run(second.run);
    const refused = guard.run(() => Promise.resolve('never asked'));
    await expect(refused).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(refused).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 1,
      message: 'Many people are looking at listings right now. Try again in a moment.',
    });
    // The waiting query starts only once the running one has answered.
    expect(second.run).not.toHaveBeenCalled();
    first.answer('first');
    expect(await running).toBe('first');
    await settle();
    expect(second.run).toHaveBeenCalledOnce();
    second.answer('second');
    expect(await waiting).toBe('second');
  });

  it('answers a 503 with Retry-After once the deadline passes, whatever the query waits on', async () => {
    const guard = createCatalogueGuard({ slots: 1, maxWaiting: 4, timeoutMs: TIMEOUT_MS });
    const stuck = heldQuery();
    const late = guard.run(stuck.run);
    await settle();
    vi.advanceTimersByTime(TIMEOUT_MS - 1);
    await settle();
    expect(stuck.run).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    await expect(late).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 2,
      message: 'The listings took too long to load. Try again in a moment.',
    });
    // The slot is the stuck query's until it ends: a newcomer waits for it, then runs.
    const next = heldQuery();
    const after = guard.run(next.run);
    await settle();
    expect(next.run).not.toHaveBeenCalled();
    stuck.answer('too late');
    await settle();
    expect(next.run).toHaveBeenCalledOnce();
    next.answer('in time');
    expect(await after).toBe('in time');
  });

  it('looks a listing up at once while the list slots are full, within the same deadline', async () => {
    const guard = createCatalogueGuard({ slots: 1, maxWaiting: 0, timeoutMs: TIMEOUT_MS });
    const list = heldQuery();
    // Its own deadline passes with the lookup's below.
    const running = guard.run(list.run).catch((err: unknown) => err);
    await expect(guard.run(() => Promise.resolve('refused'))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(await guard.lookup(() => Promise.resolve('detail'))).toBe('detail');
    const stuck = guard.lookup(() => new Promise(() => undefined));
    vi.advanceTimersByTime(TIMEOUT_MS);
    await expect(stuck).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 2,
    });
    list.answer('late');
    expect(await running).toBeInstanceOf(ServiceUnavailableError);
  });

  it('never runs a query whose visitor already had the deadline’s 503', async () => {
    const guard = createCatalogueGuard({ slots: 1, maxWaiting: 4, timeoutMs: TIMEOUT_MS });
    const holder = heldQuery();
    // Its own visitor has the 503 too by the time it answers.
    const held = guard.run(holder.run).catch((err: unknown) => err);
    const abandoned = vi.fn(() => Promise.resolve('nobody reads this'));
    const waiter = guard.run(abandoned);
    vi.advanceTimersByTime(TIMEOUT_MS);
    await expect(waiter).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await held).toBeInstanceOf(ServiceUnavailableError);
    holder.answer('done');
    await settle();
    // The slot passed through the abandoned waiter to this one without running its query.
    expect(await guard.run(() => Promise.resolve('next'))).toBe('next');
    expect(abandoned).not.toHaveBeenCalled();
  });
});
