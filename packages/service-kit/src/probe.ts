import http from 'node:http';

export interface ProbeResult {
  /** Undefined when nothing answered (refused, timed out, reset). */
  status?: number;
  body?: unknown;
  error?: string;
}

/** A revocation page (1000 entries) fits comfortably. */
const MAX_PROBE_BODY = 4 * 1024 * 1024;

/**
 * One GET to an instance, on its own short-lived connection so a probe never holds a pooled socket, with a
 * deadline for the whole exchange. Never rejects.
 */
export function probe(
  baseUrl: string,
  path: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<ProbeResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: ProbeResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = http.get(new URL(path, baseUrl), { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_PROBE_BODY) chunks.push(chunk);
      });
      response.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        finish({ status: response.statusCode, body });
      });
      response.on('error', (err) => finish({ error: err.message }));
    });
    const timer = setTimeout(() => {
      finish({ error: `no answer within ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => finish({ error: err.code ?? err.message }));
  });
}
