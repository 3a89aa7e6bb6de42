import type { UnreadIndicator } from './types';

/** Whether any notification is unread (the red dots); listeners run only when the value changes. */
export function createUnread(initial = false): UnreadIndicator {
  let unread = initial;
  const listeners = new Set<(unread: boolean) => void>();
  return {
    get: () => unread,
    set: (next) => {
      const value = Boolean(next);
      if (value === unread) return;
      unread = value;
      for (const listener of [...listeners]) listener(unread);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
