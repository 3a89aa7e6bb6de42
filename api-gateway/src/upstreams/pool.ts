import { HttpError, type ServiceName } from '@devcircle/service-kit';

/**
 * `unreachable`: a connect failed (passively, on a proxied request, or actively, on a health check).
 * `unhealthy`: the instance answered its health check with an error.
 */
export type InstanceState = 'up' | 'unreachable' | 'unhealthy';

export interface Instance {
  readonly url: string;
  state: InstanceState;
  /** When a failed instance may be tried again. */
  retryAt: number;
  lastError?: string;
}

/** The instances of one service: round-robin over the healthy ones; a failed one is skipped for a while. */
export class UpstreamPool {
  readonly instances: Instance[];
  private cursor = 0;

  constructor(
    readonly service: ServiceName,
    urls: string[],
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error(`no instances configured for ${service}`);
    this.instances = urls.map((url) => ({ url, state: 'up', retryAt: 0 }));
  }

  /**
   * The next instance to use, skipping those tried already and those failed within the cooldown. When every
   * instance left is cooling after a failed connect, the one whose cooldown ends first is tried anyway (Envoy's
   * "panic" routing): a blip, or a service that came up just after the gateway, costs one refused connect instead
   * of a cooldown-long outage. Instances whose health check answered with an error stay out.
   */
  pick(exclude: ReadonlySet<Instance> = new Set()): Instance | undefined {
    const now = this.now();
    const count = this.instances.length;
    let panic: Instance | undefined;
    for (let step = 0; step < count; step++) {
      const instance = this.instances[(this.cursor + step) % count];
      if (exclude.has(instance)) continue;
      if (instance.state !== 'up' && now < instance.retryAt) {
        if (instance.state === 'unreachable' && (!panic || instance.retryAt < panic.retryAt))
          panic = instance;
        continue;
      }
      this.cursor = (this.cursor + step + 1) % count;
      return instance;
    }
    return panic;
  }

  markFailed(instance: Instance, state: Exclude<InstanceState, 'up'>, reason: string): void {
    instance.state = state;
    instance.lastError = reason;
    instance.retryAt = this.now() + this.cooldownMs;
  }

  markUp(instance: Instance): void {
    instance.state = 'up';
    instance.lastError = undefined;
    instance.retryAt = 0;
  }

  /**
   * The error when no instance can take a request: 503 when every instance answers its health check with an
   * error (the service is there but not working), else 502 (nothing could be reached).
   */
  unavailable(): HttpError {
    const label = `The ${this.service} service`;
    if (this.instances.every((instance) => instance.state === 'unhealthy')) {
      return new HttpError(503, `${label} is unavailable right now. Please try again shortly.`, {
        code: 'SERVICE_UNAVAILABLE',
        headers: { 'Retry-After': '5' },
      });
    }
    return new HttpError(502, `${label} cannot be reached right now. Please try again shortly.`, {
      code: 'UPSTREAM_UNAVAILABLE',
    });
  }
}

export type Pools = Record<ServiceName, UpstreamPool>;

export function createPools(upstreams: Record<ServiceName, string[]>, cooldownMs: number): Pools {
  return {
    auth: new UpstreamPool('auth', upstreams.auth, cooldownMs),
    posts: new UpstreamPool('posts', upstreams.posts, cooldownMs),
    users: new UpstreamPool('users', upstreams.users, cooldownMs),
    notifications: new UpstreamPool('notifications', upstreams.notifications, cooldownMs),
  };
}
