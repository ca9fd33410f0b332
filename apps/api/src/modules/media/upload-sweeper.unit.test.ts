import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { MediaService } from './media.service';
import { ORPHAN_AFTER_MS, registerUploadSweeper } from './upload-sweeper';

function stubService(sweep: MediaService['sweepOrphanUploads']): MediaService {
  return {
    uploadPhotos: () => Promise.reject(new Error('not used')),
    addUploadedPhoto: () => Promise.reject(new Error('not used')),
    sweepOrphanUploads: sweep,
    socialImage: () => Promise.reject(new Error('not used')),
    hashUnhashedPhotos: () => Promise.reject(new Error('not used')),
  };
}

describe('registerUploadSweeper', () => {
  it('sweeps at start-up with the cutoff an hour back, then on every tick until closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const now = new Date('2025-03-01T12:00:00.000Z');
      const cutoffs: Date[] = [];
      const app = Fastify({ logger: false });
      registerUploadSweeper(
        app,
        stubService((olderThan) => {
          cutoffs.push(olderThan);
          return Promise.resolve({ deleted: 0, failed: 0 });
        }),
        { clock: () => now, everyMs: 1000 },
      );
      await app.ready();
      expect(cutoffs).toEqual([new Date(now.getTime() - ORPHAN_AFTER_MS)]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(cutoffs).toHaveLength(2);
      await app.close();
      await vi.advanceTimersByTimeAsync(5000);
      expect(cutoffs).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failed sweep and lets close wait for one under way', async () => {
    let finish: () => void = () => undefined;
    let sweeps = 0;
    const app = Fastify({ logger: false });
    const error = vi.spyOn(app.log, 'error');
    registerUploadSweeper(
      app,
      stubService(() => {
        sweeps += 1;
        if (sweeps === 1) return Promise.reject(new Error('database down'));
        return new Promise((resolve) => {
          finish = () => resolve({ deleted: 1, failed: 0 });
        });
      }),
      { everyMs: 10 },
    );
    await app.ready();
    await vi.waitFor(() => expect(sweeps).toBe(2));
    const [details, message] = error.mock.calls[0] as unknown as [{ err: Error }, string];
    expect(message).toBe('sweeping orphan uploads failed');
    expect(details.err.message).toBe('database down');
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(sweeps).toBe(2);
  });
});
