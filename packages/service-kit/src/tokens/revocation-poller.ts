// Node's own timers, named: a page's test that fakes the global clock (the in-process back end shares its realm)
// must not stop or break the server's.
import { clearTimeout, setTimeout } from 'node:timers';
import { ObjectId } from 'mongodb';
import { internalHeaders } from '../internal';
import type { Logger } from '../logger';
import { probe, type ProbeTls } from '../probe';
import type { RevocationList } from './revocation-list';

/**
 * Where auth can be asked: the next instance to try (undefined when none can be tried now) and, optionally, a way
 * to hear that one could not be reached (the gateway's auth `UpstreamPool` is such a source).
 */
export interface RevocationSource<Instance extends { url: string } = { url: string }> {
  pick(): Instance | undefined;
  markFailed?(instance: Instance, reason: 'unreachable', detail: string): void;
}

export interface RevocationPoller {
  /** True once every revocation kept by auth has been loaded. */
  readonly loaded: boolean;
  /** Resolves after the first complete load (tests and tools wait on it). */
  readonly firstLoad: Promise<void>;
  stop(): void;
}

interface RevocationPage {
  revocations: { id: string; userId: string; tokenVersion: number }[];
  latest?: string | null;
}

const PAGE_SIZE = 1000;

function isPage(body: unknown): body is RevocationPage {
  const page = body as RevocationPage | undefined;
  return (
    typeof page === 'object' &&
    page !== null &&
    Array.isArray(page.revocations) &&
    page.revocations.every(
      (entry) => typeof entry?.userId === 'string' && typeof entry?.tokenVersion === 'number',
    )
  );
}

/**
 * Several auth instances each make their own ObjectIds, so a revocation can be stored with an id a little older
 * than one already seen. Each poll therefore starts a while before the newest id seen; applying a revocation
 * twice changes nothing.
 */
export const LOOK_BACK_SECONDS = 30;

function lookBack(id: string): string {
  if (!ObjectId.isValid(id)) return id;
  const seconds = Math.floor(new ObjectId(id).getTimestamp().getTime() / 1000) - LOOK_BACK_SECONDS;
  return ObjectId.createFromTime(Math.max(0, seconds)).toHexString();
}

/**
 * Loads every revocation at start, then asks auth for the ones after the last seen id every `intervalMs`
 * (`GET /internal/revocations?after=<id>`, with the internal secret), and at once when the list meets a token
 * whose version is ahead of it (it attaches itself to the list). While auth cannot be reached it keeps trying,
 * and logs only when that state changes.
 */
export function startRevocationPoller<Instance extends { url: string }>(options: {
  source: RevocationSource<Instance>;
  list: RevocationList;
  internalSecret: string;
  intervalMs: number;
  timeoutMs: number;
  logger: Logger;
  /** For an https auth: whom to trust besides Node's CAs. */
  tls?: ProbeTls;
}): RevocationPoller {
  const { source, list, logger } = options;
  let after: string | undefined;
  let stopped = false;
  let loaded = false;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let markLoaded: () => void = () => undefined;
  const firstLoad = new Promise<void>((resolve) => {
    markLoaded = resolve;
  });

  /** Fetches pages until auth has nothing newer; false when auth could not be asked. */
  const fetchPages = async (): Promise<boolean> => {
    if (after !== undefined) after = lookBack(after);
    for (;;) {
      const instance = source.pick();
      if (!instance) return false;
      const query = after === undefined ? '' : `?after=${encodeURIComponent(after)}`;
      const result = await probe(
        instance.url,
        `/internal/revocations${query}`,
        options.timeoutMs,
        internalHeaders(options.internalSecret),
        options.tls,
      );
      if (stopped) return true;
      if (result.status !== 200 || !isPage(result.body)) {
        if (result.status === undefined)
          source.markFailed?.(instance, 'unreachable', result.error ?? 'no answer');
        if (!failing) {
          logger.warn(
            { upstream: instance.url, status: result.status, err: result.error },
            'cannot load token revocations from auth; retrying',
          );
        }
        // Also set here, so catch-ups between ticks do not warn again while auth stays unreachable.
        failing = true;
        return false;
      }
      const page = result.body;
      for (const entry of page.revocations) list.apply(entry.userId, entry.tokenVersion);
      // Continue after the last one received; `latest` names the newest when the page is empty.
      const last = page.revocations.at(-1)?.id;
      const next = last ?? (typeof page.latest === 'string' && page.latest ? page.latest : undefined);
      if (next) after = String(next);
      if (page.revocations.length < PAGE_SIZE) return true;
    }
  };

  // One pass at a time shares `after`. A caller arriving while one runs may hold a token issued after that
  // pass asked auth, so it waits for the next pass, which every caller arriving meanwhile shares: at most one
  // pass running and one waiting, however many requests ask.
  let running: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;
  const run = (): Promise<boolean> => {
    const pass: Promise<boolean> = fetchPages()
      .catch(() => false)
      .finally(() => {
        if (running === pass) running = undefined;
      });
    running = pass;
    return pass;
  };
  const catchUp = (): Promise<boolean> => {
    if (queued) return queued;
    if (!running) return run();
    queued = running.then(() => {
      queued = undefined;
      return run();
    });
    return queued;
  };

  const tick = async (): Promise<void> => {
    const ok = await catchUp();
    if (stopped) return;
    if (ok && failing) logger.info('token revocations reachable again');
    failing = !ok;
    if (ok && !loaded) {
      loaded = true;
      logger.info({ users: list.size }, 'token revocations loaded');
      markLoaded();
    }
  };

  const loop = (): void => {
    if (stopped) return;
    tick().finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, options.intervalMs);
      timer.unref();
    });
  };
  loop();
  list.attach({
    get loaded() {
      return loaded;
    },
    catchUp: async () => {
      if (!stopped) await catchUp();
    },
  });

  return {
    get loaded() {
      return loaded;
    },
    firstLoad,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
