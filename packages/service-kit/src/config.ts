import path from 'node:path';
import { localSecrets, weakSecret, type Secrets } from './secrets';

/** Default ports on one machine; each can be moved with its environment variable. */
export const DEFAULT_PORTS = {
  gateway: 8080,
  auth: 4001,
  posts: 4002,
  users: 4003,
  notifications: 4004,
  database: 27018,
} as const;

/** The embedded database is a one-member replica set of this name (`DB_REPLICA_SET` renames it for both sides). */
export const DEFAULT_REPLICA_SET = 'rs0';

export type ServiceName = 'auth' | 'posts' | 'users' | 'notifications';

export interface BaseConfig {
  production: boolean;
  dataDir: string;
  mongodbUri: string;
  /** True when MONGODB_URI was not set and the embedded server is expected. */
  embeddedDatabase: boolean;
  jwtSecret: string;
  /** Shared by the gateway and the services to sign the forwarded identity. */
  internalSecret: string;
  logLevel: string;
}

/**
 * A secret from the environment; in production it must be set, at least 32 bytes long and not a published
 * default. Elsewhere a missing one comes from the data directory, generated there on first use (`localSecrets`):
 * there are no default secrets anyone could read in this repository.
 */
function readSecret(
  env: NodeJS.ProcessEnv,
  name: 'JWT_SECRET' | 'INTERNAL_SECRET',
  production: boolean,
  local: () => Secrets,
): string {
  const value = env[name];
  if (value) {
    const weakness = production ? weakSecret(value) : undefined;
    if (weakness) throw new Error(`${name} ${weakness} (NODE_ENV=production)`);
    return value;
  }
  if (production) throw new Error(`${name} must be set when NODE_ENV=production`);
  return name === 'JWT_SECRET' ? local().jwtSecret : local().internalSecret;
}

/** Configuration common to the gateway and every service: one-machine defaults, production from the environment. */
export function loadBaseConfig(env: NodeJS.ProcessEnv = process.env): BaseConfig {
  const production = env.NODE_ENV === 'production';
  const databasePort = Number(env.DB_PORT ?? DEFAULT_PORTS.database);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  let secrets: Secrets | undefined;
  const local = (): Secrets => (secrets ??= localSecrets(dataDir));
  return {
    production,
    dataDir,
    mongodbUri:
      env.MONGODB_URI ??
      `mongodb://127.0.0.1:${databasePort}/devcircle?replicaSet=${env.DB_REPLICA_SET || DEFAULT_REPLICA_SET}`,
    embeddedDatabase: !env.MONGODB_URI,
    jwtSecret: readSecret(env, 'JWT_SECRET', production, local),
    internalSecret: readSecret(env, 'INTERNAL_SECRET', production, local),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}

/** The port a service listens on: AUTH_PORT, POSTS_PORT, USERS_PORT or NOTIFICATIONS_PORT. */
export function servicePort(name: ServiceName, env: NodeJS.ProcessEnv = process.env): number {
  const value = env[`${name.toUpperCase()}_PORT`];
  const port = value === undefined ? DEFAULT_PORTS[name] : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid ${name.toUpperCase()}_PORT: ${value}`);
  return port;
}

/**
 * The interface a service listens on: SERVICE_HOST, by default the loopback interface (127.0.0.1), so that on a
 * machine others can reach only the gateway answers them. Multi-host deployments set it (`0.0.0.0`, or the
 * private address the gateways reach).
 */
export function serviceHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.SERVICE_HOST?.trim() || '127.0.0.1';
}

/** An address to reach a server bound to `host` from this machine (a wildcard is reached on the loopback). */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** An http(s) address from the environment variable `name`, without a trailing slash; throws with a message. */
export function parseServiceUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} is not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be http or https`);
  return url.href.replace(/\/+$/, '');
}

/** A whole number from the environment variable `name`, at least `min`; `fallback` when unset or blank. */
export function readInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min} (got "${raw}")`);
  }
  return value;
}

/** A comma-separated setting: its trimmed, non-empty items. */
export function readList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
