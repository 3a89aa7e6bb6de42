/**
 * The floor under the gateway's CPU: the least a Node proxy can do — Node's own http server and http client over
 * one keep-alive agent, headers passed on, the answer piped back — and nothing else (no routing, token, limits,
 * logs or security headers). In front of the raw server it shows what Node's HTTP costs twice over, so the
 * gateway's own share is the difference. Its own process, port PROXY_PORT, forwarding to PROXY_TARGET.
 */
import http from 'node:http';

const target = new URL(process.env.PROXY_TARGET as string);
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 64, scheduling: 'lifo' });
const server = http.createServer((req, res) => {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PROXY_PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
