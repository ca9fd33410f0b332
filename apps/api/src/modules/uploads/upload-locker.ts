import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { UploadLeases } from './uploads.repository';

/*
 * The tus server's lock on an upload, across every API process (decision 043). @tus/server's
 * MemoryLocker serialises requests of one process only; behind HAProxy a phone's retried PATCH
 * may reach another process while the stalled first one still writes, and two writers at one
 * offset corrupt the file. So a lock is a lease row in PostgreSQL (upload_locks):
 *
 * - acquiring inserts the row, or takes it over when its lease ran out (a crashed holder);
 * - the holder renews its lease every RENEW_EVERY_MS; at a renewal that finds release_requested
 *   (or the lease lost) it calls tus's requestRelease, which ends its request within
 *   lockDrainTimeout, keeping what was written;
 * - a waiter sets release_requested and tries again every POLL_EVERY_MS until it has the lease,
 *   its request is aborted or ACQUIRE_TIMEOUT_MS pass (tus then answers 500, as MemoryLocker's).
 *
 * Every step is one short statement on the pool: no connection is held while a body arrives.
 */

export interface UploadLockerOptions {
  leaseMs?: number;
  renewEveryMs?: number;
  pollEveryMs?: number;
  acquireTimeoutMs?: number;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

/** A lease outlives two missed renewals, so a slow database does not lose a live lock. */
const LEASE_MS = 10_000;
const RENEW_EVERY_MS = 2_000;
const POLL_EVERY_MS = 200;
/** A holder answers a release request within a renewal and tus's drain (3 s); a crash, a lease. */
const ACQUIRE_TIMEOUT_MS = 20_000;

/** What tus answers when a lock could not be had in time (its status and body, as an Error). */
function lockTimeout(): Error {
  return Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);
}

export function createUploadLocker(leases: UploadLeases, options: UploadLockerOptions): Locker {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const renewEveryMs = options.renewEveryMs ?? RENEW_EVERY_MS;
  const pollEveryMs = options.pollEveryMs ?? POLL_EVERY_MS;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
  const { log } = options;

  class LeaseLock implements Lock {
    private readonly holder = randomUUID();
    private renewal: NodeJS.Timeout | undefined;

    constructor(private readonly uploadId: string) {}

    async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      const deadline = Date.now() + acquireTimeoutMs;
      for (;;) {
        if (stop.aborted) throw lockTimeout();
        if (await leases.take(this.uploadId, this.holder, leaseMs)) break;
        await leases.askRelease(this.uploadId, this.holder);
        if (Date.now() + pollEveryMs > deadline) throw lockTimeout();
        try {
          await sleep(pollEveryMs, undefined, { signal: stop });
        } catch {
          throw lockTimeout();
        }
      }
      this.keepAlive(requestRelease);
    }

    async unlock(): Promise<void> {
      clearInterval(this.renewal);
      this.renewal = undefined;
      await leases.release(this.uploadId, this.holder);
    }

    private keepAlive(requestRelease: RequestRelease): void {
      let asked = false;
      let lastRenewed = Date.now();
      let renewing = false;
      const letGo = () => {
        if (asked) return;
        asked = true;
        void Promise.resolve(requestRelease()).catch((err: unknown) => {
          log.warn({ err, uploadId: this.uploadId }, 'releasing an upload lock failed');
        });
      };
      this.renewal = setInterval(() => {
        if (renewing) return;
        renewing = true;
        leases
          .renew(this.uploadId, this.holder, leaseMs)
          .then(({ held, releaseRequested }) => {
            lastRenewed = Date.now();
            // Lost (the lease ran out under a stalled process): another request may be writing.
            if (!held || releaseRequested) letGo();
          })
          .catch((err: unknown) => {
            log.warn({ err, uploadId: this.uploadId }, 'renewing an upload lock failed');
            // Better to stop this request than to write on without a lease.
            if (Date.now() - lastRenewed > leaseMs / 2) letGo();
          })
          .finally(() => {
            renewing = false;
          });
      }, renewEveryMs);
      this.renewal.unref();
    }
  }

  return { newLock: (uploadId) => new LeaseLock(uploadId) };
}
