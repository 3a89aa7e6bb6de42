import { createSdk, memoryStorage, type DevCircleSdk, type FetchLike } from '../../src';
import type { WebBackend } from '../../../../test-support/web-backend';

export { unreachableUrl, useWebBackend, type WebBackend } from '../../../../test-support/web-backend';
export {
  memberActs,
  serverHolds,
  serverNotifications,
  userOf,
} from '../../../../test-support/member-actions';

export interface HeldAnswer {
  /** Resolves once the server has answered (its body is read), before the SDK sees it. */
  answered: Promise<void>;
  /** Hands the answer to the SDK. */
  release(): void;
}

/**
 * A second SDK signed in with `owner`'s token whose fetch can hold real answers: the request reaches the real
 * back end and is answered at once, but the SDK gets the answer only on `release()` — a reply that is late.
 */
export function sdkWithHeldAnswers(backend: WebBackend, owner: DevCircleSdk) {
  const pending: { method: string; path: string; answered: () => void; released: Promise<void> }[] = [];
  const fetchHeld: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    const method = init.method ?? 'GET';
    const index = pending.findIndex(
      (hold) => hold.method === method && new URL(input).pathname === hold.path,
    );
    if (index === -1) return response;
    const [hold] = pending.splice(index, 1);
    const body = await response.text();
    hold.answered();
    await hold.released;
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const token = owner.auth.getState().token ?? '';
  const sdk = createSdk({ baseUrl: backend.url, fetch: fetchHeld, storage: memoryStorage({ token }) });
  return {
    sdk,
    /** Holds the answer of the next `method path` request. */
    holdNext(method: string, path: string): HeldAnswer {
      let answered!: () => void;
      let release!: () => void;
      const answeredPromise = new Promise<void>((resolve) => (answered = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      pending.push({ method, path, answered, released });
      return { answered: answeredPromise, release };
    },
  };
}
