import type { FastifyInstance } from 'fastify';

/**
 * Decides whether a run happens in this process (db/periodic-job-lock.ts: once across every
 * process on the database, never two at once).
 */
export interface PeriodicJobLock {
  /**
   * Runs `work` when nobody runs this job and, for an 'interval' tick, when it is due; resolves
   * whether it ran here. A 'start-up' run (a process that may have just crashed and restarted,
   * catching up on what it left behind) does not wait for the interval.
   */
  runIfDue(
    job: string,
    everyMs: number,
    work: () => Promise<void>,
    trigger: RunTrigger,
  ): Promise<boolean>;
}

export type RunTrigger = 'start-up' | 'interval';

/** For an app alone with its database, and for tests: every tick runs. */
export const runEveryTick: PeriodicJobLock = {
  async runIfDue(_job, _everyMs, work) {
    await work();
    return true;
  },
};

export interface PeriodicJob {
  /** Names the job across processes (periodic_jobs.name) and in the logs. */
  name: string;
  /** Milliseconds between runs, across every process. */
  everyMs: number;
  /** Default: runEveryTick. */
  lock?: PeriodicJobLock;
  /** One run. A thrown error is logged with `failureMessage` and the job runs again next tick. */
  run: () => Promise<void>;
  failureMessage: string;
}

/**
 * The tail of each app's runs. A run on the server holds two database connections (the job lock's
 * claim, and the work's own queries): every job of an app running at once, as they all do at
 * start-up, could take every connection of the pool and wait for ever for one more. One run at a
 * time per app needs two, whatever the number of jobs.
 */
const turns = new WeakMap<FastifyInstance, { tail: Promise<void>; closing: boolean }>();

function turnsOf(app: FastifyInstance): { tail: Promise<void>; closing: boolean } {
  let state = turns.get(app);
  if (!state) {
    state = { tail: Promise.resolve(), closing: false };
    turns.set(app, state);
  }
  return state;
}

/**
 * Runs `run` once every run of the app's jobs queued before it has ended; skips it when its turn
 * comes after the app began to close (the database may be about to go).
 */
function inTurn(app: FastifyInstance, run: () => Promise<void>): Promise<void> {
  const state = turnsOf(app);
  const turn = state.tail.then(() => (state.closing ? undefined : run()));
  state.tail = turn.catch(() => undefined);
  return turn;
}

/**
 * Runs a background job once the app is ready (at start-up for the server: a restart catches up
 * on what a crash left), then every `everyMs`, when its lock says it is due. One run at a time: a
 * slow run is not stacked up behind, and the app's jobs take turns (inTurn). The timer never keeps
 * the process alive; app.close() stops it, waits for a run under way and skips one still waiting
 * for its turn.
 */
export function registerPeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function tick(trigger: RunTrigger): void {
    if (running) return;
    const lock = job.lock ?? runEveryTick;
    running = inTurn(app, async () => {
      await lock.runIfDue(job.name, job.everyMs, job.run, trigger);
    })
      .catch((err: unknown) => {
        app.log.error({ err }, job.failureMessage);
      })
      .finally(() => {
        running = undefined;
      });
  }

  app.addHook('onReady', (done) => {
    tick('start-up');
    timer = setInterval(() => tick('interval'), job.everyMs);
    timer.unref();
    done();
  });
  // As soon as close() is called: no job of the app starts another run.
  app.addHook('preClose', (done) => {
    turnsOf(app).closing = true;
    done();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
