import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { builtCli, ServerProcess } from '../../embedded-mongo/server-process';
import { INTERNAL_SECRET } from '../service';
import { ServiceProcess } from './service-process';

/** One side of the pairs: a source tree's database server and posts service, each in a process of its own. */
export interface Side {
  name: string;
  database: ServerProcess;
  service: ServiceProcess;
  /** The benchmark's own driver handle on the service's database, for seeding and the count checks. */
  db: Db;
  stop(): Promise<void>;
}

/**
 * The node flags and environment `root`'s production start gives its database (scripts/deploy/parts.ts), so each
 * side runs as it would be deployed; none for a tree from before they existed.
 */
function databaseStart(root: string): {
  nodeFlags: readonly string[];
  env: Readonly<Record<string, string>>;
} {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- another tree's module, found at run time
    const parts = require(path.join(root, 'scripts', 'deploy', 'parts')) as {
      DATABASE_NODE_FLAGS?: string[];
      DATABASE_ENV?: Record<string, string>;
    };
    return { nodeFlags: parts.DATABASE_NODE_FLAGS ?? [], env: parts.DATABASE_ENV ?? {} };
  } catch {
    return { nodeFlags: [], env: {} };
  }
}

/**
 * Starts `root`'s database (its CLI, on disk, with the tree's database flags: the writes' CPU and rates are the
 * deployed process's) and posts service. `builtDatabase`: the compiled CLI on plain node, exactly as `npm start` runs
 * it (the tree must be built); otherwise its TypeScript source under tsx.
 */
export async function startSide(
  name: string,
  root: string,
  profileDir?: string,
  options: { builtDatabase?: boolean } = {},
): Promise<Side> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `devcircle-bench-writes-${name}-`));
  const prof = (what: string) =>
    // A folder per process: tsx's loader thread writes a profile of its own beside the main thread's.
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.join(profileDir, `${name}-${what}`)] : [];
  const database = await ServerProcess.start({
    dbpath: path.join(dataDir, 'db'),
    script: options.builtDatabase
      ? builtCli(root)
      : path.join(root, 'packages', 'embedded-mongo', 'src', 'cli.ts'),
    nodeArgs: [...databaseStart(root).nodeFlags, ...prof('db')],
    env: databaseStart(root).env,
  });
  const uri = database.uri.replace('/?', '/posts-writes-bench?');
  const service = await ServiceProcess.start(
    root,
    {
      DATA_DIR: dataDir,
      MONGODB_URI: uri,
      INTERNAL_SECRET,
      JWT_SECRET: 'writes-bench-jwt',
      LOG_LEVEL: 'silent',
    },
    prof('service'),
  );
  const client = await new MongoClient(uri).connect();
  return {
    name,
    database,
    service,
    db: client.db(),
    stop: async () => {
      await client.close();
      await service.stop();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
