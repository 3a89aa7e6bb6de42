/**
 * A container's health check, for images without curl: `node healthcheck.js URL` exits 0 when an `http://` URL
 * answers 2xx, or a `tcp://host:port` accepts a connection (the database), within three seconds; 1 otherwise.
 */
import net from 'node:net';

const TIMEOUT_MS = 3000;

function tcpAccepts(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function httpAnswers(url: URL): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

export async function healthy(target: string): Promise<boolean> {
  const url = new URL(target);
  return url.protocol === 'tcp:' ? tcpAccepts(url) : httpAnswers(url);
}

if (require.main === module) {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write('usage: node healthcheck.js http://127.0.0.1:PORT/health | tcp://127.0.0.1:PORT\n');
    process.exit(2);
  }
  void healthy(target).then((ok) => process.exit(ok ? 0 : 1));
}
