import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

function retryRule(): (failureCount: number, error: unknown) => boolean {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== 'function') throw new Error('expected a retry function');
  return retry as (failureCount: number, error: unknown) => boolean;
}

describe('the query retry rule', () => {
  it('never asks again after a 4xx, whichever client refused it', () => {
    const retry = retryRule();
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
    // The admin area's errors are another class with the same `status`.
    expect(retry(0, Object.assign(new Error('refused'), { status: 403 }))).toBe(false);
  });

  it('asks twice more after a network or server failure', () => {
    const retry = retryRule();
    const down = new ApiError(503, 'SERVICE_UNAVAILABLE', 'busy');
    expect(retry(0, down)).toBe(true);
    expect(retry(1, new ApiError(0, 'NETWORK', 'offline'))).toBe(true);
    expect(retry(2, down)).toBe(false);
  });
});

describe('offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('still asks a read once (the service worker may have a copy) and attempts an action at once', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const read = vi.fn(() => Promise.resolve('kept copy'));
    await expect(client.fetchQuery({ queryKey: ['properties'], queryFn: read })).resolves.toBe(
      'kept copy',
    );
    expect(read).toHaveBeenCalledTimes(1);

    const action = vi.fn(() =>
      Promise.reject(new ApiError(0, 'NETWORK', 'The browser is offline')),
    );
    const mutation = client.getMutationCache().build(client, { mutationFn: action });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(action).toHaveBeenCalledTimes(1);
  });
});
