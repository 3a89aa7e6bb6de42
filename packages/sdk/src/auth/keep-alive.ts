import { PING_INTERVAL_MS } from '../constants';
import type { Timers } from '../timers';

export interface KeepAlive {
  start(): void;
  stop(): void;
  readonly running: boolean;
}

export interface KeepAliveDeps {
  timers: Timers;
  /** Sends GET /api/auth/ping. */
  ping(): Promise<unknown>;
  /** True while the tab is hidden: the ping is skipped then. */
  isHidden(): boolean;
  /** Failures are only logged (expected while the server sleeps). */
  log(message: string, error: unknown): void;
  intervalMs?: number;
}

/** The keep-alive ping: every 10 minutes while the tab is visible; its failures are only logged (§4, §8). */
export function createKeepAlive(deps: KeepAliveDeps): KeepAlive {
  let handle: unknown;
  const tick = (): void => {
    if (deps.isHidden()) return;
    deps.ping().catch((error: unknown) => deps.log('[devcircle-sdk] keep-alive ping failed', error));
  };
  const stop = (): void => {
    if (handle === undefined) return;
    deps.timers.clearInterval(handle);
    handle = undefined;
  };
  return {
    start: () => {
      stop();
      handle = deps.timers.setInterval(tick, deps.intervalMs ?? PING_INTERVAL_MS);
    },
    stop,
    get running() {
      return handle !== undefined;
    },
  };
}
