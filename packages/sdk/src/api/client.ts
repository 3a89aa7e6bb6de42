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

export function createApiClient(deps: ClientDeps): InternalApiClient {
  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: InternalRequestOptions = {},
  ): Promise<T> {
    const token = deps.getToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const deadline = createDeadline(deps.timers, options);
    try {
      const exchange = async (): Promise<{ response: Response; data: unknown }> => {
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
  };
}
