import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_PORTS,
  loadBaseConfig,
  readInteger,
  readList,
  type BaseConfig,
  type ServiceName,
} from '@devcircle/service-kit';

export const SERVICES: readonly ServiceName[] = ['auth', 'posts', 'users', 'notifications'];
export const REMOTES = ['feed', 'profile', 'explore', 'notifications', 'account'] as const;
export type RemoteName = (typeof REMOTES)[number];

/**
 * The routes with attempt limits: every write a visitor can make without signing in, and the password change
 * (whose wrong current passwords would otherwise be free guesses). Each is limited per client IP and per account
 * (the e-mail, the token of a mailed link, or the signed-in member).
 */
export const LIMITED_ROUTES = [
  'login',
  'register',
  'confirmRegistration',
  'forgotPassword',
  'resetPassword',
  'changePassword',
  'reportBug',
  'clientErrors',
] as const;
export type LimitedRoute = (typeof LIMITED_ROUTES)[number];

/**
 * What a route counts as "the account": the e-mail in its body, the token of a mailed link in its body
 * (reset-password, register/confirm), or the signed-in caller (the password change; a bug report sent signed in).
 */
export const ACCOUNT_KEYS: Record<LimitedRoute, 'email' | 'token' | 'caller'> = {
  login: 'email',
  register: 'email',
  confirmRegistration: 'token',
  forgotPassword: 'email',
  resetPassword: 'token',
  changePassword: 'caller',
  reportBug: 'caller',
  // Browser error reports (no token read): per IP only.
  clientErrors: 'caller',
};

export interface RouteLimit {
  perIp: number;
  /** Per account (the e-mail in the body, lower-cased), or per token for the routes of mailed links. */
  perAccount: number;
  windowSeconds: number;
}

/** Env name stem and defaults of each limited route. */
const RATE_LIMIT_DEFAULTS: Record<LimitedRoute, { env: string; accountEnv: string } & RouteLimit> = {
  login: { env: 'LOGIN', accountEnv: 'PER_ACCOUNT', perIp: 30, perAccount: 10, windowSeconds: 900 },
  register: { env: 'REGISTER', accountEnv: 'PER_ACCOUNT', perIp: 10, perAccount: 5, windowSeconds: 3600 },
  confirmRegistration: {
    env: 'CONFIRM_REGISTRATION',
    accountEnv: 'PER_TOKEN',
    perIp: 20,
    perAccount: 5,
    windowSeconds: 3600,
  },
  forgotPassword: {
    env: 'FORGOT_PASSWORD',
    accountEnv: 'PER_ACCOUNT',
    perIp: 10,
    perAccount: 5,
    windowSeconds: 3600,
  },
  resetPassword: {
    env: 'RESET_PASSWORD',
    accountEnv: 'PER_TOKEN',
    perIp: 20,
    perAccount: 5,
    windowSeconds: 3600,
  },
  // A success clears the member's count, as for login: only wrong current passwords add up.
  changePassword: {
    env: 'CHANGE_PASSWORD',
    accountEnv: 'PER_ACCOUNT',
    perIp: 30,
    perAccount: 10,
    windowSeconds: 900,
  },
  reportBug: { env: 'REPORT_BUG', accountEnv: 'PER_ACCOUNT', perIp: 10, perAccount: 10, windowSeconds: 3600 },
  clientErrors: {
    env: 'CLIENT_ERRORS',
    accountEnv: 'PER_ACCOUNT',
    perIp: 30,
    perAccount: 30,
    windowSeconds: 300,
  },
};

export interface RemoteConfig {
  /** Where the browser fetches the remote's `mf-manifest.json` (served in `/remotes.json`). */
  url: string;
  /** The remote's build folder, served under `/remotes/<name>/` when static serving is on. */
  dist: string;
}

export interface GatewayConfig extends BaseConfig {
  port: number;
  /** Interface to bind; undefined means every interface. */
  host?: string;
  upstreams: Record<ServiceName, string[]>;
  /**
   * For https upstreams: the CA (PEM, from `UPSTREAM_CA_FILE`) that signed the services' certificates, trusted
   * besides Node's own (and `NODE_EXTRA_CA_CERTS`). Certificates are always verified.
   */
  upstreamTls: { ca?: string };
  /** An upstream that sends nothing for this long gives 504. */
  upstreamTimeoutMs: number;
  /** Connecting to an instance that does not accept within this long counts as a failed connect. */
  connectTimeoutMs: number;
  /** The same idle limit for `/socket.io` (long-polling holds requests open for the ping interval). */
  socketTimeoutMs: number;
  /** A failed instance is skipped for this long before it is tried again. */
  failureCooldownMs: number;
  healthCheckIntervalMs: number;
  healthCheckTimeoutMs: number;
  maxBodyBytes: number;
  corsOrigins: string[];
  /**
   * How many proxies (load balancers) in front of the gateway append to `X-Forwarded-For`; 0 trusts none. The
   * client address is the entry that many places from the right: entries further left are the client's to invent.
   */
  trustProxyHops: number;
  rateLimits: {
    store: 'mongo' | 'memory';
    routes: Record<LimitedRoute, RouteLimit>;
  };
  static: {
    enabled: boolean;
    shellDist: string;
    /** Whether the builds' source maps (`*.map`) are served; off by default, they map minified code to sources. */
    publicSourceMaps: boolean;
  };
  remotes: Record<RemoteName, RemoteConfig>;
}

/** The repository root: the folder above the gateway package (works from `src` and from `dist/src`). */
export function repositoryRoot(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const name = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name;
      if (name === '@devcircle/api-gateway') return path.dirname(dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false (got "${env[name]}")`);
}

/** TRUST_PROXY: false (default) or 0, true (one load balancer), or the number of proxies. */
function proxyHops(env: NodeJS.ProcessEnv): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (raw && /^\d+$/.test(raw)) return Number(raw);
  return flag(env, 'TRUST_PROXY', false) ? 1 : 0;
}

function upstreamUrls(env: NodeJS.ProcessEnv, service: ServiceName): string[] {
  const name = `${service.toUpperCase()}_URLS`;
  const port = env[`${service.toUpperCase()}_PORT`] ?? String(DEFAULT_PORTS[service]);
  const urls = readList(env[name]);
  const chosen = urls.length > 0 ? urls : [`http://127.0.0.1:${port}`];
  return chosen.map((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${name} has an invalid URL: "${raw}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`${name}: upstreams are http:// or https:// URLs ("${raw}")`);
    return url.origin;
  });
}

/** UPSTREAM_CA_FILE: a PEM file, read once at start so a wrong path stops the start with its name. */
function upstreamTls(env: NodeJS.ProcessEnv): { ca?: string } {
  const file = env.UPSTREAM_CA_FILE?.trim();
  if (!file) return {};
  try {
    return { ca: fs.readFileSync(file, 'utf8') };
  } catch (err) {
    throw new Error(`UPSTREAM_CA_FILE cannot be read ("${file}"): ${(err as Error).message}`, { cause: err });
  }
}

function origins(env: NodeJS.ProcessEnv): string[] {
  return readList(env.CORS_ORIGINS).map((raw) => {
    try {
      return new URL(raw).origin;
    } catch {
      throw new Error(`CORS_ORIGINS has an invalid origin: "${raw}"`);
    }
  });
}

/** Every gateway setting, from the environment, with defaults that work on one machine. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: { port?: number } = {},
): GatewayConfig {
  const base = loadBaseConfig(env);
  const root = repositoryRoot();
  const port = overrides.port ?? readInteger(env, 'PORT', DEFAULT_PORTS.gateway);
  if (port > 65535) throw new Error(`PORT must be at most 65535 (got ${port})`);

  const routes = {} as Record<LimitedRoute, RouteLimit>;
  for (const route of LIMITED_ROUTES) {
    const defaults = RATE_LIMIT_DEFAULTS[route];
    const stem = `RATE_LIMIT_${defaults.env}`;
    routes[route] = {
      perIp: readInteger(env, `${stem}_PER_IP`, defaults.perIp, 1),
      perAccount: readInteger(env, `${stem}_${defaults.accountEnv}`, defaults.perAccount, 1),
      windowSeconds: readInteger(env, `${stem}_WINDOW_SECONDS`, defaults.windowSeconds, 1),
    };
  }
  const store = (env.RATE_LIMIT_STORE ?? 'mongo').trim().toLowerCase();
  if (store !== 'mongo' && store !== 'memory') {
    throw new Error(`RATE_LIMIT_STORE must be mongo or memory (got "${env.RATE_LIMIT_STORE}")`);
  }

  const remotes = {} as Record<RemoteName, RemoteConfig>;
  for (const name of REMOTES) {
    const upper = name.toUpperCase();
    remotes[name] = {
      url: env[`REMOTE_${upper}_URL`]?.trim() || `/remotes/${name}/mf-manifest.json`,
      dist: path.resolve(env[`REMOTE_${upper}_DIST`]?.trim() || path.join(root, `mf-${name}`, 'dist')),
    };
  }

  return {
    ...base,
    port,
    host: env.HOST?.trim() || undefined,
    upstreams: {
      auth: upstreamUrls(env, 'auth'),
      posts: upstreamUrls(env, 'posts'),
      users: upstreamUrls(env, 'users'),
      notifications: upstreamUrls(env, 'notifications'),
    },
    upstreamTls: upstreamTls(env),
    upstreamTimeoutMs: readInteger(env, 'UPSTREAM_TIMEOUT_MS', 10_000, 1),
    connectTimeoutMs: readInteger(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', 2_000, 1),
    socketTimeoutMs: readInteger(env, 'SOCKET_IO_TIMEOUT_MS', 60_000, 1),
    failureCooldownMs: readInteger(env, 'UPSTREAM_FAILURE_COOLDOWN_MS', 5_000, 0),
    healthCheckIntervalMs: readInteger(env, 'HEALTH_CHECK_INTERVAL_MS', 2_000, 0),
    healthCheckTimeoutMs: readInteger(env, 'HEALTH_CHECK_TIMEOUT_MS', 1_500, 1),
    maxBodyBytes: readInteger(env, 'MAX_BODY_BYTES', 1024 * 1024, 1),
    corsOrigins: origins(env),
    trustProxyHops: proxyHops(env),
    rateLimits: { store, routes },
    static: {
      enabled: flag(env, 'SERVE_STATIC', true),
      shellDist: path.resolve(env.SHELL_DIST?.trim() || path.join(root, 'shell', 'dist')),
      publicSourceMaps: flag(env, 'SOURCE_MAPS_PUBLIC', false),
    },
    remotes,
  };
}
