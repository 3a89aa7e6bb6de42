import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The database process's `/metrics` (docs/observability.md): its resources (CPU, memory, heap, event loop delay,
 * open handles: prom-client's process metrics, labelled service="database"), on a port of its own so that the
 * wire protocol's port speaks only the wire protocol. Turned on by `--metricsPort` (the CLI); the in-process
 * server a test or `npm start` embeds shares its host process's metrics instead.
 */
export async function listenForMetrics(
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'database' });
  collectDefaultMetrics({ register: registry });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
