import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import { createSdk, memoryStorage, type DevCircleSdk, type FetchLike } from '@devcircle/sdk';
import { SdkProvider } from '@devcircle/sdk/react';

export const USER = { id: 'u1', username: 'ada', email: 'ada@example.com', displayName: 'Ada Lovelace' };

export interface FakeServer {
  fetch: FetchLike;
  calls: { path: string; method: string; body: unknown }[];
  /** When true, /api/report-bug fails as the network would (fetch rejects). */
  offline: boolean;
}

const reply = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) }) as Response;

/** A fetch answering like the gateway: /api/auth/me and the public POST /api/report-bug. */
export function fakeServer(): FakeServer {
  const server: FakeServer = {
    calls: [],
    offline: false,
    fetch: async (input, init) => {
      const path = new URL(input, 'http://test').pathname;
      const method = init.method ?? 'GET';
      server.calls.push({ path, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/auth/me') return reply(200, USER);
      if (path === '/api/report-bug' && method === 'POST') {
        if (server.offline) throw new TypeError('Failed to fetch');
        return reply(201, { message: 'Thank you for reporting the bug!' });
      }
      return reply(404, { message: 'Not found' });
    },
  };
  return server;
}

/** An SDK signed in as USER (or signed out), with the start-up lookup already done. */
export async function makeSdk(signedIn: boolean, server = fakeServer()): Promise<DevCircleSdk> {
  const storage = memoryStorage(signedIn ? { token: 'test-token' } : {});
  const sdk = createSdk({ fetch: server.fetch, storage, baseUrl: 'http://test' });
  await sdk.auth.init();
  return sdk;
}

export function renderWith(sdk: DevCircleSdk, ui: ReactNode, path = '/') {
  return render(
    <SdkProvider sdk={sdk}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SdkProvider>,
  );
}
