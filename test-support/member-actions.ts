import type { AppNotification, DevCircleSdk } from '@devcircle/sdk';

/**
 * What other members do that notifies someone (a like or comment on their post, a follow), through the real
 * gateway, and how a test waits for the notifications service's polling consumer to have made the result.
 */

/** Retries `check` until it stops throwing (work the back end does on its own schedule); ~10 s, then fails. */
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

export function userOf(sdk: DevCircleSdk): { id: string; username: string; email: string } {
  const { user } = sdk.auth.getState();
  if (!user) throw new Error('The SDK has no signed-in user');
  return user;
}

export const memberActs = {
  /** Publishes a post as `author`; answers its _id. */
  publish: async (author: DevCircleSdk, content = 'A post worth a notification'): Promise<string> =>
    (await author.api.post<{ _id: string }>('/api/posts', { content }))._id,
  /** Toggles `actor`'s like on the post. */
  like: (actor: DevCircleSdk, postId: string) => actor.api.put(`/api/posts/${postId}/like`),
  comment: (actor: DevCircleSdk, postId: string, text = 'Nice one') =>
    actor.api.post(`/api/posts/${postId}/comment`, { text }),
  /** Retried while the target's profile is not there yet (the users service makes it from auth's event). */
  follow: (actor: DevCircleSdk, target: DevCircleSdk) =>
    eventually(async () => {
      await actor.api.put(`/api/users/${encodeURIComponent(userOf(target).username)}/follow`);
    }),
};

/** Everything the server holds for `sdk`'s user, newest first (read past any store). */
export const serverNotifications = (sdk: DevCircleSdk): Promise<AppNotification[]> =>
  sdk.api.get<AppNotification[]>('/api/notifications?limit=50');

/** Waits until the server holds `count` notifications for `sdk`'s user; answers them, newest first. */
export async function serverHolds(sdk: DevCircleSdk, count: number): Promise<AppNotification[]> {
  let list: AppNotification[] = [];
  await eventually(async () => {
    list = await serverNotifications(sdk);
    expect(list).toHaveLength(count);
  });
  return list;
}
