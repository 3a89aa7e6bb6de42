import { startGateway } from './index';

/** The gateway process: start, and stop gracefully on SIGTERM or SIGINT. */
startGateway().then(
  (gateway) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      gateway.logger.info({ signal }, 'shutting down');
      gateway.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  },
  (err: Error) => {
    process.stderr.write(`gateway failed to start: ${err.message}\n`);
    process.exit(1);
  },
);
