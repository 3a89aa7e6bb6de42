import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { startService, type RunningService } from '@devcircle/service-kit';
import { definition } from '../src';

let database: RunningServer;
let service: RunningService;
beforeAll(async () => {
  database = await startServer({ port: 0 });
  const env = { MONGODB_URI: `mongodb://127.0.0.1:${database.port}/users-test`, LOG_LEVEL: 'silent' };
  service = await startService(definition, { port: 0, env });
  await service.ready;
});
afterAll(async () => {
  await service.stop();
  await database.stop();
});

test('/health says the users process is alive', async () => {
  const response = await fetch(`${service.url}/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', service: 'users' });
});

test('/ready is 200 with the database up and 503 once it is stopped', async () => {
  const up = await fetch(`${service.url}/ready`);
  expect(up.status).toBe(200);
  expect(await up.json()).toEqual({ status: 'ready', service: 'users', database: 'up' });

  await database.stop();
  const down = await fetch(`${service.url}/ready`);
  expect(down.status).toBe(503);
  expect(await down.json()).toEqual({ status: 'unavailable', service: 'users', database: 'down' });
  database = await startServer({ port: database.port });
});

test('no API routes yet: anything else is the 404 error shape', async () => {
  const response = await fetch(`${service.url}/api/users`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
});
