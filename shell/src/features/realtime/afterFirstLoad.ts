/** A store with a first load (the notification groups). */
export interface LoadingStore {
  getState(): { loaded: boolean };
  subscribe(listener: (state: { loaded: boolean }) => void): () => void;
}

/** Runs `callback` once the list has finished its first load since sign-in (now, if it has); returns a cancel. */
export function afterFirstLoad(notifications: LoadingStore, callback: () => void): () => void {
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
