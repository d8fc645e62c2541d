/** A call that did not answer in time. */
export class NoAnswer extends Error {
  override readonly name = 'NoAnswer';
}

/**
 * `promise`, or a rejection (`NoAnswer`) once `ms` have passed without its answer: what a host asks of a
 * store or a Redis that may hang (cut off, not refused) must end in time all the same.
 */
export function withinMs<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
