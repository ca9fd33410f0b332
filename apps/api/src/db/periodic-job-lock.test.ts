import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../test/fake-clock';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { createPeriodicJobLock, RUNNER_ID } from './periodic-job-lock';
import { periodicJobRuns } from './schema';

/*
 * Issue 14: periodic jobs run once across every process per interval, never twice at once. Two
 * locks on one database stand for two processes. On the PostgreSQL server run that is the rule
 * under test; embedded PGlite serves one process alone, where every tick runs.
 */

const EVERY_MS = 30_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

async function runsOf(job: string) {
  return database.db.select().from(periodicJobRuns).where(eq(periodicJobRuns.job, job));
}

describe('the periodic job lock', () => {
  it('runs a job in one process at a time, once per interval, and records each run', async () => {
    const clock = createFakeClock();
    const processA = createPeriodicJobLock(database.handle, clock);
    const processB = createPeriodicJobLock(database.handle, clock);
    const job = 'test-exclusive';
    let running = 0;
    let mostAtOnce = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const work = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await released;
      running -= 1;
    };

    const first = processA.runIfDue(job, EVERY_MS, work, 'interval');
    // Wait until A holds the job before B asks.
    await expect.poll(() => running).toBe(1);
    const second = processB.runIfDue(job, EVERY_MS, work, 'interval');

    if (database.handle.kind === 'pglite') {
      // One process on its own database: nothing to share, every tick runs.
      release();
      expect(await Promise.all([first, second])).toEqual([true, true]);
      expect(await runsOf(job)).toHaveLength(2);
      return;
    }

    // B is told at once that A has it (SKIP LOCKED), without waiting for A to finish.
    expect(await second).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(mostAtOnce).toBe(1);

    // Within the interval, in either process: not due.
    clock.advance(EVERY_MS / 2);
    expect(await processB.runIfDue(job, EVERY_MS, work, 'interval')).toBe(false);
    expect(await processA.runIfDue(job, EVERY_MS, work, 'interval')).toBe(false);
    // An interval after the last start (less a moment's slack for ticks a millisecond early),
    // whichever process ticks first runs it, and only that one.
    clock.advance(EVERY_MS / 2 - 500);
    expect(await processB.runIfDue(job, EVERY_MS, work, 'interval')).toBe(true);
    expect(await processA.runIfDue(job, EVERY_MS, work, 'interval')).toBe(false);

    const runs = await runsOf(job);
    expect(runs).toHaveLength(2);
    expect(runs.every((run) => run.runner === RUNNER_ID && !run.failed)).toBe(true);
  });

  it('records a failed run, and the next process waits for the next interval', async () => {
    const clock = createFakeClock();
    const processA = createPeriodicJobLock(database.handle, clock);
    const processB = createPeriodicJobLock(database.handle, clock);
    const job = 'test-failing';
    await expect(
      processA.runIfDue(
        job,
        EVERY_MS,
        () => Promise.reject(new Error('provider down')),
        'interval',
      ),
    ).rejects.toThrow('provider down');
    const [run] = await runsOf(job);
    expect(run?.failed).toBe(true);
    const retried = await processB.runIfDue(job, EVERY_MS, () => Promise.resolve(), 'interval');
    // Alone on PGlite the next tick simply runs; across processes it waits its turn.
    expect(retried).toBe(database.handle.kind === 'pglite');
  });

  it('runs a start-up run without waiting for the interval, but never beside another run', async () => {
    const clock = createFakeClock();
    const running = createPeriodicJobLock(database.handle, clock);
    const restarted = createPeriodicJobLock(database.handle, clock);
    const job = 'test-start-up';
    expect(await running.runIfDue(job, EVERY_MS, () => Promise.resolve(), 'interval')).toBe(true);
    clock.advance(1_000);
    // A process that just restarted catches up at once, however recent the last run.
    expect(await restarted.runIfDue(job, EVERY_MS, () => Promise.resolve(), 'start-up')).toBe(true);

    let started = false;
    let release: () => void = () => undefined;
    const held = running.runIfDue(
      job,
      EVERY_MS,
      () =>
        new Promise<void>((resolve) => {
          started = true;
          release = resolve;
        }),
      'start-up',
    );
    await expect.poll(() => started).toBe(true);
    const beside = await restarted.runIfDue(job, EVERY_MS, () => Promise.resolve(), 'start-up');
    release();
    expect(await held).toBe(true);
    // Alone on PGlite every call runs; on the server the second waits its turn (SKIP LOCKED).
    expect(beside).toBe(database.handle.kind === 'pglite');
    const triggers = (await runsOf(job)).map((run) => run.trigger).sort();
    expect(triggers.filter((trigger) => trigger === 'start-up').length).toBeGreaterThanOrEqual(2);
    expect(triggers).toContain('interval');
  });
});
