/**
 * The reference: a trivial Node http server that answers every request with the same bytes (the feed's first
 * page as the posts service sent it, with its content type), read from RAW_BODY_FILE. Its own process, port
 * RAW_PORT; `/ready` answers 200 too.
 */
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.RAW_BODY_FILE as string);
const contentType = process.env.RAW_CONTENT_TYPE ?? 'application/json; charset=utf-8';
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.RAW_PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
