import os from 'node:os';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import type { PeriodicJobLock, RunTrigger } from '../lib/periodic-job';
import type { Database, DatabaseHandle } from './client';
import { periodicJobRuns, periodicJobs } from './schema';

/** How long a job's run history is kept: enough to see a week of its rhythm. */
const RUNS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How much earlier than a full interval after the last start a run may begin. Every process
 * ticks every interval at its own phase; without slack the process that ran last could find its
 * next tick a millisecond short of the interval and leave the run to a tick an interval later.
 */
function slackMs(everyMs: number): number {
  return Math.min(1_000, everyMs / 10);
}

/** host:pid: which process ran a job, for the run history and the logs. */
export const RUNNER_ID = `${os.hostname()}:${process.pid}`;

async function recordRun(
  db: Database,
  clock: Clock,
  run: { job: string; trigger: RunTrigger; startedAt: Date; failed: boolean },
): Promise<void> {
  const { job } = run;
  const finishedAt = clock();
  await db.insert(periodicJobRuns).values({ ...run, runner: RUNNER_ID, finishedAt });
  await db
    .delete(periodicJobRuns)
    .where(
      and(
        eq(periodicJobRuns.job, job),
        lt(periodicJobRuns.startedAt, new Date(finishedAt.getTime() - RUNS_KEPT_MS)),
      ),
    );
}

/**
 * Periodic jobs once across every process on one PostgreSQL database (decision 017): a job's row
 * in periodic_jobs is locked (FOR UPDATE SKIP LOCKED) for the whole run, so no two processes run
 * it at once, and an interval's run begins only when the last one, in any process, started at
 * least an interval ago, so it runs once per interval. A process's start-up run does not wait for
 * the interval (it catches up on what a crash of this process left), only for the lock. A process that dies mid-run releases the lock with
 * its connection. Times come from the application clock, as everywhere else (one NTP-kept clock
 * per machine; the slack absorbs what they disagree by).
 *
 * Embedded PGlite serves one process and one connection, which a transaction held across the
 * job's own queries would deadlock: there the job simply runs (and its runs are recorded).
 */
export function createPeriodicJobLock(database: DatabaseHandle, clock: Clock): PeriodicJobLock {
  const { db } = database;
  if (database.kind === 'pglite') {
    return {
      async runIfDue(job, _everyMs, work, trigger) {
        const startedAt = clock();
        try {
          await work();
        } catch (err) {
          await recordRun(db, clock, { job, trigger, startedAt, failed: true });
          throw err;
        }
        await recordRun(db, clock, { job, trigger, startedAt, failed: false });
        return true;
      },
    };
  }

  /** Claims the job for this process and runs it, in one transaction holding the job's row. */
  async function claimAndRun(
    job: string,
    everyMs: number,
    work: () => Promise<void>,
    trigger: RunTrigger,
  ): Promise<'ran' | 'not due' | 'no row'> {
    let failure: { error: unknown } | undefined;
    const outcome = await db.transaction(async (tx) => {
      const startedAt = clock();
      // A start-up run is due whenever the job is free: it catches up on a crash.
      const dueIfStartedBefore =
        trigger === 'start-up'
          ? startedAt
          : new Date(startedAt.getTime() - (everyMs - slackMs(everyMs)));
      const claimed = await tx.execute<{ name: string }>(sql`
        with due as (
          select name from periodic_jobs
           where name = ${job}
             and (last_started_at is null or last_started_at <= ${dueIfStartedBefore.toISOString()})
           for update skip locked
        )
        update periodic_jobs set last_started_at = ${startedAt.toISOString()}
          from due where periodic_jobs.name = due.name
        returning periodic_jobs.name`);
      if (claimed.rows.length === 0) {
        // Running elsewhere or not due, unless the job has no row yet. A plain read: it never
        // waits for the process holding the row.
        const [known] = await tx
          .select({ name: periodicJobs.name })
          .from(periodicJobs)
          .where(eq(periodicJobs.name, job));
        return known ? 'not due' : 'no row';
      }
      // The claim commits whatever the run does: a failed run waits for the next interval, as
      // it did in one process, instead of being retried at once by every other process.
      try {
        await work();
      } catch (error) {
        failure = { error };
      }
      await recordRun(tx, clock, { job, trigger, startedAt, failed: failure !== undefined });
      return 'ran';
    });
    if (failure) throw failure.error;
    return outcome;
  }

  return {
    async runIfDue(job, everyMs, work, trigger) {
      const outcome = await claimAndRun(job, everyMs, work, trigger);
      if (outcome !== 'no row') return outcome === 'ran';
      // A job's first run anywhere. Inserting only when it is missing: an insert that meets the
      // row while another process holds it would wait for that whole run.
      await db.insert(periodicJobs).values({ name: job }).onConflictDoNothing();
      return (await claimAndRun(job, everyMs, work, trigger)) === 'ran';
    },
  };
}
