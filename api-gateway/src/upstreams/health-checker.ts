import { probe, type Logger, type ProbeOptions, type ProbeTls } from '@devcircle/service-kit';
import type { Pools } from './pool';

/**
 * Active health: every interval, GET `/health` on each instance. An answer brings a skipped instance back before
 * its cooldown ends; an error answer or no answer takes it out of the rotation. (Liveness, not `/ready`: an
 * instance whose database is down still answers its own clear 503, which the web app shows.) https instances are
 * probed over TLS, trusting Node's CAs (plus `NODE_EXTRA_CA_CERTS`) and, when given, `tls.ca`. `stop()` also
 * cancels the checks in flight: their connections close at once rather than when they answer or time out.
 */
export function startHealthChecks(
  pools: Pools,
  intervalMs: number,
  timeoutMs: number,
  logger: Logger,
  tls: ProbeTls = {},
): { stop(): void } {
  if (intervalMs <= 0) return { stop: () => undefined };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new AbortController();
  const probeOptions: ProbeOptions = { ...tls, signal: inFlight.signal };

  const round = async (): Promise<void> => {
    const checks = Object.values(pools).flatMap((pool) =>
      pool.instances.map(async (instance) => {
        const result = await probe(instance.url, '/health', timeoutMs, {}, probeOptions);
        if (stopped) return;
        const wasUp = instance.state === 'up';
        if (result.status !== undefined && result.status < 400) {
          pool.markUp(instance);
          if (!wasUp)
            logger.info(
              { upstreamService: pool.service, instance: instance.url },
              'upstream instance is back',
            );
          return;
        }
        const reason = result.error ?? `health answered ${result.status}`;
        pool.markFailed(instance, result.status === undefined ? 'unreachable' : 'unhealthy', reason);
        if (wasUp)
          logger.warn(
            { upstreamService: pool.service, instance: instance.url, reason },
            'upstream instance down',
          );
      }),
    );
    await Promise.all(checks);
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      round().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      inFlight.abort();
    },
  };
}
