import type { Logger } from 'pino';

/**
 * The entry point of a long-running process: start it, and on SIGTERM or SIGINT stop it gracefully (once) and
 * exit 0, or 1 if stopping failed. A failed start prints why and exits 1.
 */
export function runProcess<T extends { stop(): Promise<void> }>(
  label: string,
  start: () => Promise<T>,
  loggerOf: (running: T) => Logger,
): void {
  start().then(
    (running) => {
      let stopping = false;
      const stop = (signal: NodeJS.Signals): void => {
        if (stopping) return;
        stopping = true;
        loggerOf(running).info({ signal }, 'shutting down');
        running.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (err: Error) => {
      process.stderr.write(`${label} failed to start: ${err.message}\n`);
      process.exit(1);
    },
  );
}
