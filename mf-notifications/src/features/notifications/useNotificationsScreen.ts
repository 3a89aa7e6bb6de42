import { useCallback, useEffect, useState } from 'react';
import { useAuth, useNotificationGroups, useSdk } from '@devcircle/sdk/react';

/** Which header action is running. */
export type PendingAction = 'mark-read' | 'delete-all' | null;

/**
 * The screen's view of the SDK's notification groups (the shell loads them on sign-in and folds pushed
 * notifications into their groups): the state, what to show, and the three actions. The store's failures are silent (§8), so the actions only
 * say when they are running.
 */
export function useNotificationsScreen() {
  const { notificationGroups: notifications } = useSdk();
  const state = useNotificationGroups();
  const me = useAuth().user?.username ?? null;
  const [pending, setPending] = useState<PendingAction>(null);
  const { groups, loaded, loading } = state;

  // Opened before the shell's load on sign-in (or where no shell runs it, the standalone dev page): load now.
  const needsLoad = !loaded && !loading;
  useEffect(() => {
    if (needsLoad) void notifications.load();
  }, [needsLoad, notifications]);

  const run = useCallback(async (action: Exclude<PendingAction, null>, call: () => Promise<void>) => {
    setPending(action);
    try {
      await call();
    } finally {
      setPending(null);
    }
  }, []);

  const markAllRead = useCallback(
    () => run('mark-read', () => notifications.markAllRead()),
    [run, notifications],
  );
  const deleteAll = useCallback(
    () => run('delete-all', () => notifications.deleteAll()),
    [run, notifications],
  );
  const loadMore = useCallback(() => void notifications.loadMore(), [notifications]);

  return {
    groups,
    me,
    // Listed groups stay on screen while the store reloads (as it does after Mark all as read).
    showSkeleton: groups.length === 0 && (!loaded || loading),
    empty: groups.length === 0 && loaded && !loading,
    anyUnread: state.unreadCount > 0,
    hasMore: state.hasMore,
    loadingMore: state.loadingMore,
    pending,
    markAllRead,
    deleteAll,
    loadMore,
  };
}

export type NotificationsScreenModel = ReturnType<typeof useNotificationsScreen>;
