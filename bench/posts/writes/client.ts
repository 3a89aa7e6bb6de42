import http from 'node:http';
import type { BenchUser } from '../http';

/** A request's status and its whole body. */
export interface Answer {
  status: number;
  body: Buffer;
}

/**
 * The load's HTTP client: `node:http` over kept-alive sockets, one per member at most. The benchmark process shares
 * the two cores with both sides' servers, so its own cost per request takes CPU from them; measured on this box,
 * Node's `fetch` (undici, web streams) cost about 1.8 ms of CPU per write request, several times this. Both sides
 * of a pair use the same client.
 */
export class WritesClient {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(baseUrl: string, sockets: number) {
    this.url = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  send(user: BenchUser, method: string, path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers: {
            ...user.headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
