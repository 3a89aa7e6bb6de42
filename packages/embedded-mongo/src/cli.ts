import path from 'node:path';
import { DEFAULT_HEAP_POLICY, startHeapPolicy } from './heap-policy';
import { listenForMetrics } from './metrics-listener';
import { startServer, type RunningServer } from './server';
import { DEFAULT_OPLOG_LIMITS } from './storage/store';

interface CliOptions {
  port: number;
  dbpath: string;
  host: string;
  replSet: string;
  /** The address clients dial (hello's `me` and `hosts`), when it is not the bound one. */
  advertise?: string;
  oplogHours: number;
  oplogMB: number;
  /** Serve `/metrics` over HTTP on this port (same interface as --bind_ip); off unless given. */
  metricsPort?: number;
  /** The heap's growth once it is large, in percent (heap-policy.ts); 0: node's own flags decide. */
  heapGrowingPercent: number;
  /** From how many MiB live after a full collection that growth applies. */
  heapTightAboveMB: number;
  /** The heap's growth below that, in percent; 0: V8's own factor. */
  heapSmallGrowingPercent: number;
}

const USAGE =
  'usage: embedded-mongo [--port 27018] [--dbpath ./data/db] [--bind_ip 127.0.0.1] [--replSet rs0] [--advertise host:port] [--oplogMinRetentionHours 24] [--oplogSize 64] [--metricsPort 9216] [--heapGrowingPercent 10] [--heapTightAboveMB 256] [--heapSmallGrowingPercent 50]';

/** Reads one option's value; `flag` (or the environment variable's name) goes into the error for a bad one. */
type ValueParser = (flag: string, value: string) => number;

function positive(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`invalid ${flag} ${value}\n${USAGE}`);
  return n;
}

/** A whole number from 0 up (0 has a meaning of its own for the heap flags). */
function wholeNumber(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0)
    throw new Error(`invalid ${flag} ${value}\n${USAGE}`);
  return n;
}

/**
 * Reads mongod-style flags (as `--flag value` or `--flag=value`): --port, --dbpath, --bind_ip, --replSet, and the
 * oplog's window in hours and size cap in MB (mongod's --oplogMinRetentionHours and --oplogSize), and
 * --metricsPort (ours: Prometheus' /metrics over HTTP; EMBEDDED_MONGO_METRICS_PORT sets it too), and the heap
 * policy's --heapGrowingPercent, --heapTightAboveMB and --heapSmallGrowingPercent (ours, heap-policy.ts;
 * EMBEDDED_MONGO_HEAP_GROWING_PERCENT, EMBEDDED_MONGO_HEAP_TIGHT_ABOVE_MB and EMBEDDED_MONGO_HEAP_SMALL_GROWING_PERCENT
 * set them too).
 */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  // Unset or empty: the default. Set: read by the same parser as its flag, so a bad value is refused by its name.
  const fromEnv = (name: string, parse: ValueParser, fallback: number): number => {
    const value = env[name];
    return value ? parse(name, value) : fallback;
  };
  const options: CliOptions = {
    port: 27018,
    dbpath: path.join(env.DATA_DIR ?? './data', 'db'),
    host: '127.0.0.1',
    replSet: env.DB_REPLICA_SET || 'rs0',
    oplogHours: fromEnv('EMBEDDED_MONGO_OPLOG_HOURS', positive, 24),
    // The server's own default (64 MiB), as both READMEs say; this said 256 after the default changed.
    oplogMB: fromEnv('EMBEDDED_MONGO_OPLOG_MB', positive, DEFAULT_OPLOG_LIMITS.maxBytes / (1024 * 1024)),
    heapGrowingPercent: fromEnv(
      'EMBEDDED_MONGO_HEAP_GROWING_PERCENT',
      wholeNumber,
      DEFAULT_HEAP_POLICY.growingPercent,
    ),
    heapTightAboveMB: fromEnv(
      'EMBEDDED_MONGO_HEAP_TIGHT_ABOVE_MB',
      wholeNumber,
      DEFAULT_HEAP_POLICY.tightAboveBytes / (1024 * 1024),
    ),
    heapSmallGrowingPercent: fromEnv(
      'EMBEDDED_MONGO_HEAP_SMALL_GROWING_PERCENT',
      wholeNumber,
      DEFAULT_HEAP_POLICY.smallGrowingPercent,
    ),
  };
  if (env.EMBEDDED_MONGO_METRICS_PORT) argv = ['--metricsPort', env.EMBEDDED_MONGO_METRICS_PORT, ...argv];
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--port') {
      options.port = Number(value);
      if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
        throw new Error(`invalid --port ${value}`);
    } else if (flag === '--dbpath') options.dbpath = value;
    else if (flag === '--bind_ip') options.host = value;
    else if (flag === '--replSet') options.replSet = value;
    else if (flag === '--advertise') options.advertise = value;
    else if (flag === '--oplogMinRetentionHours') options.oplogHours = positive(flag, value);
    else if (flag === '--oplogSize') options.oplogMB = positive(flag, value);
    else if (flag === '--heapGrowingPercent') options.heapGrowingPercent = wholeNumber(flag, value);
    else if (flag === '--heapTightAboveMB') options.heapTightAboveMB = wholeNumber(flag, value);
    else if (flag === '--heapSmallGrowingPercent') options.heapSmallGrowingPercent = wholeNumber(flag, value);
    else if (flag === '--metricsPort') {
      options.metricsPort = Number(value);
      if (!Number.isInteger(options.metricsPort) || options.metricsPort < 0 || options.metricsPort > 65535)
        throw new Error(`invalid --metricsPort ${value}`);
    } else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const dbpath = path.resolve(options.dbpath);
  const log = (message: string, fields?: Record<string, unknown>): void => {
    process.stderr.write(`${JSON.stringify({ t: new Date().toISOString(), msg: message, ...fields })}\n`);
  };
  // First, so that the heap's growth follows the policy while the journals load.
  const small = options.heapSmallGrowingPercent;
  startHeapPolicy(
    {
      growingPercent: options.heapGrowingPercent,
      smallGrowingPercent: small,
      tightAboveBytes: options.heapTightAboveMB * 1024 * 1024,
    },
    (mode, liveBytes) =>
      log('heap growth', {
        mode,
        growingPercent: mode === 'tight' ? options.heapGrowingPercent : small || 'V8',
        liveMiB: Math.round(liveBytes / (1024 * 1024)),
      }),
  );
  const compactAfterBytes = Number(process.env.EMBEDDED_MONGO_COMPACT_AFTER_BYTES) || undefined;
  // Handlers go in before anything starts, so a stop that arrives right after the ready line is still clean.
  const running: { server?: RunningServer } = {};
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    if (!running.server) process.exit(0); // nothing was acknowledged yet
    running.server.stop().then(
      () => process.exit(0),
      (err) => {
        log('shutdown failed', { error: String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const server = await startServer({
    port: options.port,
    host: options.host,
    dbpath,
    log,
    compactAfterBytes,
    replSet: options.replSet,
    advertise: options.advertise,
    oplogWindowMs: options.oplogHours * 3600_000,
    oplogMaxBytes: options.oplogMB * 1024 * 1024,
    argv: process.argv,
  });
  running.server = server;
  if (options.metricsPort !== undefined) {
    const metrics = await listenForMetrics(options.metricsPort, options.host);
    log('metrics listening', { port: metrics.port });
  }
  process.stdout.write(`embedded-mongo waiting for connections at ${server.uri} (dbpath ${dbpath})\n`);
}

if (require.main === module) {
  main().catch((err: Error) => {
    process.stderr.write(`embedded-mongo failed to start: ${err.message}\n`);
    process.exit(1);
  });
}
