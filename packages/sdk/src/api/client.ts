import type { ApiClient, RequestOptions } from '../types';
import type { Timers } from '../timers';
import { ApiError, errorFromResponse, networkError } from './errors';
import { createDeadline } from './timeout';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientDeps {
  /** Prefix of every path ('' = same origin). */
  baseUrl: string;
  fetch: FetchLike;
  timers: Timers;
  /** The current session token (sent as `Authorization: Bearer <token>` when present). */
  getToken(): string | null;
  /** A call that carried `token` was answered 401: the session is over (expired or revoked token). */
  onUnauthorized(token: string): void;
}

/** Options the SDK's own calls use on top of the public ones. */
export interface InternalRequestOptions extends RequestOptions {
  /** Sign-in and registration: a 401 there means wrong credentials, not an ended session. */
  credentialsCall?: boolean;
}

export interface InternalApiClient extends ApiClient {
  request<T>(method: string, path: string, body?: unknown, options?: InternalRequestOptions): Promise<T>;
}

/** Reads a reply body: JSON when it parses, the text otherwise, undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** How long a prefetched answer waits for the `get` it was made for (a first screen asks within a second or two). */
export const PREFETCH_TTL_MS = 10_000;

interface Exchange {
  response: Response;
  data: unknown;
}

export function createApiClient(deps: ClientDeps): InternalApiClient {
  /** Prefetched GETs by path, with the token they were made with. */
  const prefetched = new Map<string, { token: string | null; exchange: Promise<Exchange> }>();

  function headersFor(token: string | null, withBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (withBody) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  function prefetch(path: string): void {
    if (prefetched.has(path)) return;
    const token = deps.getToken();
    const exchange = deps
      .fetch(joinUrl(deps.baseUrl, path), { method: 'GET', headers: headersFor(token, false) })
      .then(async (response) => ({ response, data: await readBody(response) }));
    // Unclaimed or failed, it is dropped; the `get` that claims a failed one asks again.
    exchange.catch(() => undefined);
    prefetched.set(path, { token, exchange });
    deps.timers.setTimeout(() => {
      if (prefetched.get(path)?.exchange === exchange) prefetched.delete(path);
    }, PREFETCH_TTL_MS);
  }

  /** The prefetched exchange for a GET of `path` with `token`, taken (once); undefined when there is none. */
  function claimPrefetched(
    method: string,
    path: string,
    token: string | null,
  ): Promise<Exchange> | undefined {
    const entry = method === 'GET' ? prefetched.get(path) : undefined;
    if (!entry) return undefined;
    prefetched.delete(path);
    return entry.token === token ? entry.exchange : undefined;
  }

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: InternalRequestOptions = {},
  ): Promise<T> {
    const token = deps.getToken();
    const headers = headersFor(token, body !== undefined);
    const deadline = createDeadline(deps.timers, options);
    const early = claimPrefetched(method, path, token);
    try {
      const exchange = async (): Promise<Exchange> => {
        if (early) {
          try {
            return await early;
          } catch {
            // The prefetch failed (offline for a moment, say): this request asks for itself.
          }
        }
        let response: Response;
        try {
          response = await deps.fetch(joinUrl(deps.baseUrl, path), {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: deadline.signal,
          });
        } catch {
          // Connection refused, DNS, CORS, offline (an abort is reported by the deadline's race instead).
          throw networkError(options.fallbackMessage);
        }
        return { response, data: await readBody(response) };
      };
      const { response, data } = await deadline.run(exchange());
      if (response.ok) return data as T;
      if (response.status === 401 && token && !options.credentialsCall) deps.onUnauthorized(token);
      throw errorFromResponse(response.status, data, options.fallbackMessage);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw networkError(options.fallbackMessage);
    } finally {
      deadline.dispose();
    }
  }

  return {
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    prefetch,
  };
}
