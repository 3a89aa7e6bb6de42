/**
 * The server as the benchmarks run it in a child process: the same `startServer` and ready line as the CLI
 * (packages/embedded-mongo/src/cli.ts), plus what the CLI cannot do from outside — compaction on request (an IPC
 * message) and a configurable automatic-compaction threshold.
 *
 * usage: node --import tsx bench-server.ts --dbpath <dir> [--port 0] [--compact-after-bytes <n>]
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from '../../packages/embedded-mongo/src';

export type BenchServerRequest = { type: 'compact' };
export type BenchServerReply = { type: 'compacted'; ms: number } | { type: 'error'; message: string };

function flag(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dbpath = flag(argv, '--dbpath');
  if (!dbpath) throw new Error('--dbpath is required');
  const compactAfter = flag(argv, '--compact-after-bytes');
  const server = await startServer({
    port: Number(flag(argv, '--port') ?? 0),
    dbpath: path.resolve(dbpath),
    compactAfterBytes: compactAfter === undefined ? undefined : Number(compactAfter),
    argv: process.argv,
  });

  const reply = (message: BenchServerReply): void => {
    process.send?.(message);
  };
  process.on('message', (message: BenchServerRequest) => {
    if (message.type !== 'compact') return;
    const started = performance.now();
    server.compact().then(
      () => reply({ type: 'compacted', ms: performance.now() - started }),
      (err: Error) => reply({ type: 'error', message: err.message }),
    );
  });

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (err: Error) => {
        process.stderr.write(`stop failed: ${err.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent went away: do not outlive it.
  process.on('disconnect', stop);

  // Only now: a parent may send SIGTERM the moment it reads this line, and it must find the handler in place.
  process.stdout.write(`embedded-mongo waiting for connections at ${server.uri} (dbpath ${dbpath})\n`);
}

main().catch((err: Error) => {
  process.stderr.write(`bench server failed to start: ${err.message}\n`);
  process.exit(1);
});
