import http from 'node:http';
import type { RunningGateway } from '../src';
import { SERVER_KEEP_ALIVE_MS } from '@devcircle/service-kit';
import { startTestGateway } from './helpers';

/**
 * The gateway keeps a client's idle connection as long as the services keep the gateway's: with Node's 5 s default,
 * a PUT sent on a connection idle about that long could cross the server's close and get a reset (an e2e like did
 * on a loaded machine). Clients learn the timeout from the `Keep-Alive` header, which is what this reads.
 */
let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

test("the gateway's answers offer the long keep-alive the services offer, not Node's 5 s", async () => {
  const agent = new http.Agent({ keepAlive: true });
  try {
    const keepAlive = await new Promise<unknown>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: gateway.port, path: '/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers['keep-alive']));
        })
        .on('error', reject);
    });
    expect(SERVER_KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(keepAlive).toBe(`timeout=${SERVER_KEEP_ALIVE_MS / 1000}`);
  } finally {
    agent.destroy();
  }
});
