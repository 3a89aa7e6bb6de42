/**
 * What a production install of DevCircle holds, written once: the Node processes (each run with plain `node` from
 * its built entry point), the workspaces each one needs at run time, and the static web builds. The production
 * install script, the container images (deploy/docker/Dockerfile) and the offline checks of deploy/ read this.
 */

/** A process of the back end, as a container image or a plain `node` command runs it. */
export interface ProcessPart {
  /** The image target in deploy/docker/Dockerfile and the name in deploy/ (compose services, Deployments). */
  name: 'database' | 'auth' | 'posts' | 'users' | 'notifications' | 'gateway';
  /** The workspace whose production dependencies the process needs (npm installs its workspace dependencies too). */
  workspace: string;
  /** The entry point, relative to the install's root. */
  entry: string;
  /** Flags for `node` before the entry point: V8 sizes its heap from its command line, not from the code it runs. */
  nodeFlags: readonly string[];
  /** Environment the process needs whatever the deployment (read before the code runs, as glibc's are). */
  env: Readonly<Record<string, string>>;
}

/**
 * The database's V8 flags: none. Its heap's growth is set by the CLI itself at run time (packages/embedded-mongo's
 * heap-policy.ts, docs/database.md "Third pass"): 50 % while the heap is small, 10 % once what survives a full
 * collection passes 256 MiB. The fixed `--heap-growing-percent=10` this used to pass held a million posts
 * about 100 MiB lower, and cost a small heap's writes a full collection every few MiB (a like toggle 40-100 µs
 * more of the database's CPU). Flags placed here still reach every start (npm start, the image, the printed
 * install commands) and the benchmarks' sides.
 */
export const DATABASE_NODE_FLAGS: readonly string[] = [];

/**
 * The database's environment: glibc's allocator gives each request of 128 KiB or more a mapping of its own, returned
 * to the system when freed, instead of raising that threshold after each large free and keeping the pages (the
 * buffers outside V8's heap that a full collection frees). Measured at a million posts: 12-24 MiB less resident
 * memory in three pairs, the writes' CPU and rates unchanged (docs/database.md "glibc's allocator"). Ignored by a
 * libc other than glibc.
 */
export const DATABASE_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** A part that node runs as it is: no flags, no environment of its own. */
const PLAIN = { nodeFlags: [], env: {} } as const;

export const PROCESS_PARTS: readonly ProcessPart[] = [
  {
    name: 'database',
    workspace: 'packages/embedded-mongo',
    entry: 'packages/embedded-mongo/dist/src/cli.js',
    nodeFlags: DATABASE_NODE_FLAGS,
    env: DATABASE_ENV,
  },
  { name: 'auth', workspace: 'services/auth', entry: 'services/auth/dist/src/main.js', ...PLAIN },
  { name: 'posts', workspace: 'services/posts', entry: 'services/posts/dist/src/main.js', ...PLAIN },
  { name: 'users', workspace: 'services/users', entry: 'services/users/dist/src/main.js', ...PLAIN },
  {
    name: 'notifications',
    workspace: 'services/notifications',
    entry: 'services/notifications/dist/src/main.js',
    ...PLAIN,
  },
  { name: 'gateway', workspace: 'api-gateway', entry: 'api-gateway/dist/src/main.js', ...PLAIN },
];

/**
 * The workspaces whose built JavaScript (`dist/src`) the processes load: their own and the libraries they
 * import. Tests, benchmarks and the web apps' sources stay out of the install.
 */
export const SERVER_WORKSPACES = [
  'packages/contracts',
  'packages/embedded-mongo',
  'packages/service-kit',
  'services/auth',
  'services/posts',
  'services/users',
  'services/notifications',
  'api-gateway',
] as const;

/** The web apps: each build (`<app>/dist`) is static files; the gateway serves them, or any static host does. */
export const WEB_APPS = [
  'shell',
  'mf-feed',
  'mf-profile',
  'mf-explore',
  'mf-notifications',
  'mf-account',
] as const;

/** The container health check's script, at the install's root (built from scripts/deploy/healthcheck.ts). */
export const HEALTHCHECK_SCRIPT = 'healthcheck.js';
