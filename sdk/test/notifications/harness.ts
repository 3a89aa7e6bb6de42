import { createSdk, memoryStorage, type AppNotification, type DevCircleSdk, type FetchLike } from '../../src';
import { startWebBackend, type WebBackend } from '../../../test-support/web-backend';

export { unreachableUrl, type WebBackend } from '../../../test-support/web-backend';

/** Starts this file's own back end (gateway, services, database) before its tests and stops it after them. */
export function useWebBackend(): () => WebBackend {
  let backend: WebBackend | undefined;
  beforeAll(async () => {
    backend = await startWebBackend();
  }, 60_000);
  afterAll(() => backend?.stop());
  return () => {
    if (!backend) throw new Error('The back end is not running (beforeAll failed?)');
    return backend;
  };
}

/** Retries `check` until it stops throwing (the notifications consumer works on its own schedule); ~10 s. */
export async function eventually(check: () => Promise<void> | void): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export function userOf(sdk: DevCircleSdk): { id: string; username: string } {
  const { user } = sdk.auth.getState();
  if (!user) throw new Error('The SDK has no signed-in user');
  return user;
}

/** The things another member does that notify a post's author or the person followed, through the gateway. */
export const act = {
  publish: async (author: DevCircleSdk, content = 'A post worth a notification'): Promise<string> =>
    (await author.api.post<{ _id: string }>('/api/posts', { content }))._id,
  like: (actor: DevCircleSdk, postId: string) => actor.api.put(`/api/posts/${postId}/like`),
  comment: (actor: DevCircleSdk, postId: string, text = 'Nice one') =>
    actor.api.post(`/api/posts/${postId}/comment`, { text }),
  follow: (actor: DevCircleSdk, target: DevCircleSdk) =>
    actor.api.put(`/api/users/${encodeURIComponent(userOf(target).username)}/follow`),
};

/** Everything the server holds for `sdk`'s user, newest first (read past the store). */
export const serverList = (sdk: DevCircleSdk): Promise<AppNotification[]> =>
  sdk.api.get<AppNotification[]>('/api/notifications?limit=50');

/** Waits until the server holds `count` notifications for `sdk`'s user and answers them. */
export async function serverHolds(sdk: DevCircleSdk, count: number): Promise<AppNotification[]> {
  let list: AppNotification[] = [];
  await eventually(async () => {
    list = await serverList(sdk);
    expect(list).toHaveLength(count);
  });
  return list;
}

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
