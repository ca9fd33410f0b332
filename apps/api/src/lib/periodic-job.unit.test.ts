import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerPeriodicJob } from './periodic-job';

/** A promise the test settles when it chooses. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const HOUR = 3_600_000;

describe('registerPeriodicJob', () => {
  it('runs an app’s jobs one at a time, so they never hold the pool’s connections together', async () => {
    const app = Fastify();
    const events: string[] = [];
    const first = deferred();
    const firstStarted = deferred();
    registerPeriodicJob(app, {
      name: 'first',
      everyMs: HOUR,
      failureMessage: 'first failed',
      async run() {
        events.push('first started');
        firstStarted.resolve();
        await first.promise;
        events.push('first ended');
      },
    });
    registerPeriodicJob(app, {
      name: 'second',
      everyMs: HOUR,
      failureMessage: 'second failed',
      run() {
        events.push('second started');
        return Promise.resolve();
      },
    });
    await app.ready();
    await firstStarted.promise;
    // Both are due at start-up; the second waits for the first.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['first started']);

    first.resolve();
    await app.close();
    expect(events).toEqual(['first started', 'first ended', 'second started']);
  });

  it('goes on with the next job after one fails', async () => {
    const app = Fastify({ logger: false });
    const ran: string[] = [];
    registerPeriodicJob(app, {
      name: 'failing',
      everyMs: HOUR,
      failureMessage: 'failing failed',
      run: () => Promise.reject(new Error('boom')),
    });
    registerPeriodicJob(app, {
      name: 'after',
      everyMs: HOUR,
      failureMessage: 'after failed',
      run() {
        ran.push('after');
        return Promise.resolve();
      },
    });
    await app.ready();
    await app.close();
    expect(ran).toEqual(['after']);
  });

  it('skips a run still waiting for its turn when the app closes', async () => {
    const app = Fastify();
    const ran: string[] = [];
    const first = deferred();
    const firstStarted = deferred();
    registerPeriodicJob(app, {
      name: 'long',
      everyMs: HOUR,
      failureMessage: 'long failed',
      async run() {
        firstStarted.resolve();
        await first.promise;
        ran.push('long');
      },
    });
    registerPeriodicJob(app, {
      name: 'waiting',
      everyMs: HOUR,
      failureMessage: 'waiting failed',
      run() {
        ran.push('waiting');
        return Promise.resolve();
      },
    });
    // Added after the jobs' own: the long run ends once the app has begun to close.
    app.addHook('preClose', (done) => {
      first.resolve();
      done();
    });
    await app.ready();
    await firstStarted.promise;
    await app.close();
    expect(ran).toEqual(['long']);
  });
});
