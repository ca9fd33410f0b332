import type { RunningApp } from '@makazi/bench/app-process';

/**
 * Kills the server the way a crash, the OOM killer or a pulled plug does (SIGKILL: no close
 * hooks, no draining, no flushing), and returns once the process is gone.
 */
export async function killHard(app: RunningApp): Promise<void> {
  if (app.pid === undefined) throw new Error('the server has no process id to kill');
  process.kill(app.pid, 'SIGKILL');
  // stop() waits for the exit; the SIGTERM it sends to a dead process is a no-op.
  await app.stop();
}
