/**
 * `work`, or `onLate()`'s error once `ms` have passed without an answer, so a request gets its
 * answer in time whatever the work is waiting on. The work itself goes on (a query the database
 * cannot cancel, such as the embedded one's); what it holds is released when it ends.
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  onLate: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onLate()), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
