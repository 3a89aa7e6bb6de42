// Node's own timers, named: a screen's test that fakes the global clock shares its realm with the in-process back end,
// and a faked timer would never end the sleep.
import { clearTimeout, setTimeout } from 'node:timers';

/** A wait that ends after its time or, earlier, when something calls `wake`. */
export interface WakeableSleep {
  /** Resolves once the time is up or `wake` was called, whichever comes first. */
  readonly done: Promise<void>;
  /** Ends the wait now (its timer too); calling it again, or after the time is up, does nothing. */
  wake(): void;
}

export interface WakeableSleepOptions {
  /**
   * The timer does not keep the process alive (`unref`): for a wait that only matters while something else runs,
   * such as a cache's reopen wait beside a server, so that a process otherwise done exits instead of finishing
   * the wait. Default false: a retry's pause must hold its process up while it waits.
   */
  unref?: boolean;
}

/**
 * Sleeps `ms` milliseconds unless woken first. Why: a retry's pause must end at once when its owner stops, and a
 * batch that waits for more requests must start as soon as enough have come; each used to write its own timer and
 * resolver pair.
 */
export function wakeableSleep(ms: number, { unref = false }: WakeableSleepOptions = {}): WakeableSleep {
  let wake: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(() => wake(), ms);
    if (unref) timer.unref();
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, wake: () => wake() };
}
