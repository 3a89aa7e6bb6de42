import { waitFor } from '@testing-library/react';
import type { AppNotification, DevCircleSdk } from '@devcircle/sdk';
import type { WebBackend } from '../../test-support/web-backend';

export { renderWithSdk, type RenderedScreen } from '../../test-support/render-with-sdk';
export { startWebBackend, type WebBackend } from '../../test-support/web-backend';

/** The signed-in user's id. */
export function userId(sdk: DevCircleSdk): string {
  return sdk.auth.getState().user!.id;
}

/** The signed-in user's username. */
export function username(sdk: DevCircleSdk): string {
  return sdk.auth.getState().user!.username;
}

/** Registers someone and gives them a display name through the users API, as Edit profile would. */
export async function member(backend: WebBackend, displayName: string): Promise<DevCircleSdk> {
  const sdk = await backend.signUp();
  await sdk.api.put(`/api/users/${userId(sdk)}`, { displayName });
  return sdk;
}

/** Publishes a post as the SDK's user, straight through the API. */
export function publish(sdk: DevCircleSdk, content: string): Promise<{ _id: string }> {
  return sdk.api.post('/api/posts', { content });
}

/** What the server holds for the SDK's user now (a fresh GET, up to 50, newest first). */
export function serverNotifications(sdk: DevCircleSdk): Promise<AppNotification[]> {
  return sdk.api.get<AppNotification[]>('/api/notifications?limit=50');
}

/**
 * Waits until the server holds `count` notifications for the SDK's user that pass `check` (the notifications
 * service makes them from events a poll away), and answers them.
 */
export async function notificationsArrived(
  sdk: DevCircleSdk,
  count: number,
  check: (notification: AppNotification) => boolean = () => true,
): Promise<AppNotification[]> {
  let held: AppNotification[] = [];
  await waitFor(
    async () => {
      held = await serverNotifications(sdk);
      expect(held.filter(check)).toHaveLength(count);
    },
    { timeout: 15_000, interval: 100 },
  );
  return held;
}
