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
}

/**
 * The database's V8 flags (docs/database.md, "Writes and memory under load"). `--heap-growing-percent=10`: after
 * each full collection the old generation may grow 10 % past what is live before the next, instead of V8's own
 * factor (about 25 % at this size). Under a million inserts a minute with a change stream reading them, the process
 * held about 100 MiB less (554 vs 655 MiB at 1,000,000 posts) for about 40 % more of the database's CPU per insert,
 * spent collecting. Node does not take it from NODE_OPTIONS; it must be on the command line.
 */
export const DATABASE_NODE_FLAGS: readonly string[] = ['--heap-growing-percent=10'];

export const PROCESS_PARTS: readonly ProcessPart[] = [
  {
    name: 'database',
    workspace: 'packages/embedded-mongo',
    entry: 'packages/embedded-mongo/dist/src/cli.js',
    nodeFlags: DATABASE_NODE_FLAGS,
  },
  { name: 'auth', workspace: 'services/auth', entry: 'services/auth/dist/src/main.js', nodeFlags: [] },
  { name: 'posts', workspace: 'services/posts', entry: 'services/posts/dist/src/main.js', nodeFlags: [] },
  { name: 'users', workspace: 'services/users', entry: 'services/users/dist/src/main.js', nodeFlags: [] },
  {
    name: 'notifications',
    workspace: 'services/notifications',
    entry: 'services/notifications/dist/src/main.js',
    nodeFlags: [],
  },
  { name: 'gateway', workspace: 'api-gateway', entry: 'api-gateway/dist/src/main.js', nodeFlags: [] },
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
