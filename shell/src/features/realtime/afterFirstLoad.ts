import type { NotificationsApi } from '@devcircle/sdk';

/** Runs `callback` once the list has finished its first load since sign-in (now, if it has); returns a cancel. */
export function afterFirstLoad(notifications: NotificationsApi, callback: () => void): () => void {
  if (notifications.getState().loaded) {
    callback();
    return () => undefined;
  }
  const unsubscribe = notifications.subscribe((state) => {
    if (!state.loaded) return;
    unsubscribe();
    callback();
  });
  return unsubscribe;
}
