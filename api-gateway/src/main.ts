import { runProcess } from '@devcircle/service-kit';
import { startGateway } from './index';

/** The gateway process: start, and stop gracefully on SIGTERM or SIGINT. */
runProcess(
  'gateway',
  () => startGateway(),
  (gateway) => gateway.logger,
);
