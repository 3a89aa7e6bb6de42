import http from 'node:http';
import https from 'node:https';

export interface ProbeResult {
  /** Undefined when nothing answered (refused, timed out, reset). */
  status?: number;
  body?: unknown;
  error?: string;
}

/**
 * Whom to trust for https instances besides Node's own CAs (which `NODE_EXTRA_CA_CERTS` extends): the CA that
 * signed them. Certificates are always verified.
 */
export type ProbeTls = Pick<https.RequestOptions, 'ca'>;

/** A probe's TLS trust, and a signal that cancels it (aborted, its request is destroyed and it answers an error). */
export type ProbeOptions = ProbeTls & Pick<https.RequestOptions, 'signal'>;

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
  options: ProbeOptions = {},
): Promise<ProbeResult> {
  let url: URL;
  try {
    url = new URL(path, baseUrl);
  } catch (err) {
    return Promise.resolve({ error: (err as Error).message });
  }
  // node:http throws on an https URL (and node:https on an http one): each scheme has its own client.
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.resolve({ error: `unsupported protocol ${url.protocol}` });
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: ProbeResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = get(url, { agent: false, headers, ...options }, (response) => {
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
