import type { Timers } from '../timers';
import { abortedError, timeoutError } from './errors';

/** What one request's deadline and cancellation come down to. */
export interface Deadline {
  /** Passed to fetch, so a timed-out or cancelled request is really abandoned. */
  signal: AbortSignal;
  /** Races `work` against the timeout and the caller's signal (the rejection is an ApiError). */
  run<T>(work: Promise<T>): Promise<T>;
  /** Clears the timer and the listener. */
  dispose(): void;
}

export function createDeadline(
  timers: Timers,
  options: { timeoutMs?: number; timeoutMessage?: string; signal?: AbortSignal },
): Deadline {
  const controller = new AbortController();
  let timer: unknown;
  let reject: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, fail) => {
    reject = fail;
  });
  // Handled by the race; without a catch here an unraced rejection would be reported as unhandled.
  stopped.catch(() => {});
  const stop = (error: Error): void => {
    reject(error);
    controller.abort();
  };
  const onAbort = (): void => stop(abortedError());
  if (options.signal?.aborted) stop(abortedError());
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.timeoutMs !== undefined && options.timeoutMs > 0) {
    timer = timers.setTimeout(() => stop(timeoutError(options.timeoutMessage)), options.timeoutMs);
  }
  return {
    signal: controller.signal,
    run: (work) => Promise.race([work, stopped]),
    dispose: () => {
      if (timer !== undefined) timers.clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}
