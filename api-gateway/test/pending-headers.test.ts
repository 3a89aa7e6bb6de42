import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pendingHeaders, putAnswerHeader, withValue, type HeaderValue } from '../src/proxy/pending-headers';

/** The gateway's own headers (as the fast path makes them) and a service's answer headers (as undici gives them). */
const OWN: [string, HeaderValue][] = [
  ['x-request-id', ''],
  ['Vary', 'Accept-Encoding, Origin'],
  ['Content-Security-Policy', "default-src 'self'"],
  ['X-Frame-Options', 'DENY'],
];
const SERVICE: Record<string, string | string[]> = {
  'content-type': 'application/json; charset=utf-8',
  'x-request-id': 'req-1',
  vary: 'Accept-Encoding',
  'set-cookie': ['a=1', 'b=2'],
  'content-length': '2',
};

/** The raw header lines a client receives for an answer begun by `begin`, less the date. */
async function answerLines(begin: (res: ServerResponse) => void): Promise<string[]> {
  const server = http.createServer((_req, res) => {
    begin(res);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const raw = await new Promise<string[]>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', agent: false }, (res) => {
          res.resume();
          resolve(res.rawHeaders);
        })
        .on('error', reject);
    });
    const lines: string[] = [];
    for (let k = 0; k < raw.length; k += 2)
      if (raw[k].toLowerCase() !== 'date') lines.push(`${raw[k]}: ${raw[k + 1]}`);
    return lines;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('pending answer headers', () => {
  it('give the client the same header lines, in the same order, as setting each header and then the service’s', async () => {
    const bySetHeader = await answerLines((res) => {
      for (const [name, value] of OWN) res.setHeader(name, name === 'x-request-id' ? 'req-0' : value);
      for (const [name, value] of Object.entries(SERVICE)) res.setHeader(name, value);
      res.writeHead(200, 'OK');
    });
    const template = pendingHeaders(OWN);
    const byList = await answerLines((res) => {
      const pending = withValue(template, 0, 'req-0');
      for (const [name, value] of Object.entries(SERVICE)) putAnswerHeader(pending, name, value);
      res.writeHead(200, 'OK', pending.list as http.OutgoingHttpHeader[]);
    });
    expect(byList).toEqual(bySetHeader);
    // The service's header of the same name replaced the gateway's in its place; the others came after.
    expect(byList.slice(0, 2)).toEqual(['x-request-id: req-1', 'vary: Accept-Encoding']);
    expect(byList).toContain('set-cookie: a=1');
    expect(byList).toContain('set-cookie: b=2');
  });

  it('leave the shared template as it was', () => {
    const template = pendingHeaders(OWN);
    const before = [...template.list];
    const pending = withValue(template, 0, 'req-9');
    putAnswerHeader(pending, 'vary', 'Cookie');
    putAnswerHeader(pending, 'etag', '"1"');
    expect(template.list).toEqual(before);
    expect(pending.list.slice(0, 4)).toEqual(['x-request-id', 'req-9', 'vary', 'Cookie']);
  });
});
