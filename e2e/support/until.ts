/**
 * Polls `probe` until it returns a value that is not undefined, or fails after the deadline with
 * the last error seen: the specs wait for a condition, never for a fixed time. Shared by the e2e
 * and resilience specs.
 */
export async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  { timeoutMs = 20_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
