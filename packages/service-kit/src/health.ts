import Router from '@koa/router';
import type { Database } from './database';

/**
 * `/health`: the process is alive. `/ready`: it can do its job — its start-up work (indexes) is done and the
 * database answers. Until the start-up work is done it answers 503 `starting`, so nothing that waits for ready
 * (`npm start`, the gateway's `/status`, an orchestrator) sends a write before the unique indexes exist.
 */
export function healthRoutes(
  service: string,
  database?: Database,
  started: () => boolean = () => true,
): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok', service, uptime: Math.round(process.uptime()) };
  });
  router.get('/ready', async (ctx) => {
    const databaseUp = database ? await database.ping() : true;
    const ready = databaseUp && started();
    ctx.status = ready ? 200 : 503;
    ctx.body = {
      status: ready ? 'ready' : databaseUp ? 'starting' : 'unavailable',
      service,
      database: databaseUp ? 'up' : 'down',
    };
  });
  return router;
}
