import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, trackAnswers } from '../src/close-server';

/** A server whose answers wait for `release()`; `begun` resolves when a request reached the handler. */
function gatedServer(writeHeadFirst: boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let begun!: () => void;
  const reached = new Promise<void>((resolve) => (begun = resolve));
  const server = trackAnswers(
    http.createServer((_req: IncomingMessage, res: ServerResponse) => {
      if (writeHeadFirst) res.writeHead(200, { 'content-type': 'text/plain' });
      begun();
      void gate.then(() => res.end('done'));
    }),
  );
  return { server, release, reached };
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function get(
  port: number,
  agent: http.Agent,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

// The grace is far longer than any test may run: a close that waited for it would fail the test by its timeout.
const FOREVER_MS = 2 ** 31 - 1;

describe('closeServer', () => {
  let agent: http.Agent;
  beforeEach(() => {
    agent = new http.Agent({ keepAlive: true });
  });
  afterEach(() => agent.destroy());

  /**
   * A request reaches the handler, the close begins, then the answer is sent: resolves with that answer once the
   * close is over (never, and the test times out, if the close waited for its grace).
   */
  async function closeDuringAnswer(writeHeadFirst: boolean) {
    const { server, release, reached } = gatedServer(writeHeadFirst);
    const port = await listen(server);
    const answer = get(port, agent);
    await reached;
    const closed = closeServer(server, FOREVER_MS);
    release();
    const res = await answer;
    await closed;
    expect(server.listening).toBe(false);
    expect(res).toMatchObject({ status: 200, body: 'done' });
    return res;
  }

  it('answers a request in flight at the close with Connection: close, and closes without waiting for the grace', async () => {
    expect((await closeDuringAnswer(false)).headers.connection).toBe('close');
  });

  it('frees the connection of an answer already begun at the close once it is sent', async () => {
    // It went out keep-alive (its head was sent before the close), so only the server's own closing ends it.
    expect((await closeDuringAnswer(true)).headers.connection).toBe('keep-alive');
  });

  it('closes an idle kept-alive connection at once', async () => {
    const { server, release } = gatedServer(false);
    release();
    const port = await listen(server);
    expect((await get(port, agent)).body).toBe('done');
    await closeServer(server, FOREVER_MS);
    expect(server.listening).toBe(false);
  });
});
