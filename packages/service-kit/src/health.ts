import Router from '@koa/router';
import type { Database } from './database';

/** `/health`: the process is alive. `/ready`: it can do its job, so the database answers. */
export function healthRoutes(service: string, database?: Database): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok', service, uptime: Math.round(process.uptime()) };
  });
  router.get('/ready', async (ctx) => {
    const databaseUp = database ? await database.ping() : true;
    ctx.status = databaseUp ? 200 : 503;
    ctx.body = {
      status: databaseUp ? 'ready' : 'unavailable',
      service,
      database: databaseUp ? 'up' : 'down',
    };
  });
  return router;
}
