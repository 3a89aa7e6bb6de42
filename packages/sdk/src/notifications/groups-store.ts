import type {
  ApiClient,
  AppNotification,
  AppNotificationGroup,
  NotificationGroupsApi,
  NotificationGroupsState,
  UnreadIndicator,
} from '../types';
import { withClearedUpTo, withOlderGroups, withPushed, withReadUpTo } from './group-merge';
import { createPagedStore, fetchPage, isFullPage, LIST_PATH } from './paged-store';

const EMPTY: NotificationGroupsState = Object.freeze({
  groups: [],
  unreadCount: 0,
  loading: false,
  loaded: false,
  hasMore: false,
  loadingMore: false,
});

const GROUPS_PATH = `${LIST_PATH}/groups`;

export interface NotificationGroupsDeps {
  api: ApiClient;
  /** Kept equal to "any group unread" (the red dots). */
  unread: UnreadIndicator;
}

/**
 * The notification groups store (`NotificationGroupsApi`), on the paged skeleton of the per-notification store
 * (paged-store.ts: late answers checked against the list's version and the session). A push or a change made
 * elsewhere that cannot be applied exactly here asks for the first page again; one asked while a load is in flight
 * waits for that load's answer and is applied to it (a push then is already counted or is newer than the answer),
 * so a burst costs at most one more load at a time.
 */
export function createNotificationGroups({ api, unread }: NotificationGroupsDeps): NotificationGroupsApi {
  /** Pushes received while the current first-page load is in flight (null when none is). */
  let pushedDuringLoad: AppNotification[] | null = null;
  /** A change made elsewhere while a load was in flight, which that load's answer may predate. */
  let staleLoad = false;

  const store = createPagedStore(api, unread, EMPTY, (next) => {
    const unreadCount = next.groups.filter((group) => !group.read).length;
    unread.set(unreadCount > 0);
    return Object.freeze({ ...next, unreadCount });
  });
  const { update } = store;
  const state = store.getState;

  /** The first page again: at once, or after the load in flight (whose answer may not hold the change). */
  function refresh(): void {
    if (pushedDuringLoad !== null) staleLoad = true;
    else if (!state().loaded)
      return; // nothing shown yet: the first load is the shell's to start
    else void load();
  }

  async function load(): Promise<void> {
    const version = ++store.listVersion;
    // A load replacing one still in flight keeps that one's pushes: they may be newer than either answer.
    pushedDuringLoad ??= [];
    staleLoad = false;
    update({ loading: true });
    let page: AppNotificationGroup[] | null = null;
    try {
      page = await fetchPage<AppNotificationGroup>(api, GROUPS_PATH);
    } catch {
      // Silent (§8).
    }
    if (version !== store.listVersion) return;
    const pushed = pushedDuringLoad;
    const again = staleLoad;
    pushedDuringLoad = null;
    staleLoad = false;
    const hasMore = isFullPage(page);
    // A failed fetch empties the list (§7), but pushes that arrived meanwhile are real and stay.
    let groups = page ?? [];
    for (const notification of pushed) groups = withPushed(groups, notification, hasMore).groups;
    update({ groups, loading: false, loaded: true, hasMore, loadingMore: false });
    if (again && page !== null) void load();
  }

  function receive(notification: AppNotification): void {
    if (pushedDuringLoad !== null) {
      pushedDuringLoad.push(notification);
      update({ groups: withPushed(state().groups, notification, state().hasMore).groups });
      return;
    }
    const { groups, exact } = withPushed(state().groups, notification, state().hasMore);
    update({ groups });
    if (!exact && state().loaded) refresh();
  }

  function applyChange({ groups, exact }: { groups: AppNotificationGroup[]; exact: boolean }): void {
    update({ groups });
    if (!exact || pushedDuringLoad !== null) refresh();
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load,
    loadMore: () =>
      store.loadMore<AppNotificationGroup>(GROUPS_PATH, state().groups.at(-1)?.latestId, (page) => ({
        groups: withOlderGroups(state().groups, page),
      })),
    receive,
    markAllRead: () =>
      store.markAllRead(
        { groups: state().groups.map((group) => (group.read ? group : { ...group, read: true })) },
        load,
      ),
    deleteAll: () =>
      store.deleteAll(() => {
        pushedDuringLoad = null;
        staleLoad = false;
        return { groups: [] };
      }),
    reset: () => {
      pushedDuringLoad = null;
      staleLoad = false;
      store.reset();
    },
    applyRead: (upTo) => applyChange(withReadUpTo(state().groups, upTo)),
    applyCleared: (upTo) => {
      const cleared = withClearedUpTo(state().groups, upTo);
      // Everything older went too: no page beyond the list is left to load.
      update({ hasMore: false });
      applyChange(cleared);
    },
    // The ids name notifications, not groups: which groups lose one is the server's to say.
    applyRemoved: (ids) => {
      if (ids.length > 0 && (state().loaded || state().loading)) refresh();
    },
  };
}
