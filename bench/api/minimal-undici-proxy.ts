/**
 * The second floor: the least a proxy on undici (the client Node's fetch is built on) does — Node's http server,
 * an undici Pool to the one upstream, the answer written straight from undici's handler, nothing else. Beside the
 * minimal Node proxy (minimal-proxy.ts) it shows what the choice of upstream client alone costs. Its own process,
 * port PROXY_PORT, forwarding to PROXY_TARGET.
 */
import http from 'node:http';
import { Pool } from 'undici';

const pool = new Pool(process.env.PROXY_TARGET as string, { connections: 64, pipelining: 1 });
const server = http.createServer((req, res) => {
  pool.dispatch(
    {
      method: req.method as 'GET',
      path: req.url as string,
      headers: req.headers as Record<string, string>,
      body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
    },
    {
      onRequestStart() {},
      onResponseStart(controller, statusCode, headers) {
        res.writeHead(statusCode, headers as http.OutgoingHttpHeaders);
        res.on('drain', () => controller.resume());
      },
      onResponseData(controller, chunk) {
        if (!res.write(chunk)) controller.pause();
      },
      onResponseEnd() {
        res.end();
      },
      onResponseError() {
        res.destroy();
      },
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PROXY_PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
