import { NOTIFICATIONS_PAGE_SIZE } from '../constants';
import type {
  ApiClient,
  AppNotification,
  AppNotificationGroup,
  NotificationGroupsApi,
  NotificationGroupsState,
  UnreadIndicator,
} from '../types';
import { withClearedUpTo, withOlderGroups, withPushed, withReadUpTo } from './group-merge';

const EMPTY: NotificationGroupsState = Object.freeze({
  groups: [],
  unreadCount: 0,
  loading: false,
  loaded: false,
  hasMore: false,
  loadingMore: false,
});

const LIST_PATH = '/api/notifications';
const GROUPS_PATH = `${LIST_PATH}/groups`;

function pagePath(before?: string): string {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (before) query.set('before', before);
  return `${GROUPS_PATH}?${query.toString()}`;
}

/** The page a groups call answered; anything but an array is a failed call. */
async function fetchPage(api: ApiClient, before?: string): Promise<AppNotificationGroup[]> {
  const answer = await api.get<unknown>(pagePath(before));
  if (!Array.isArray(answer)) throw new Error('The notification groups are not an array');
  return answer as AppNotificationGroup[];
}

export interface NotificationGroupsDeps {
  api: ApiClient;
  /** Kept equal to "any group unread" (the red dots). */
  unread: UnreadIndicator;
}

/**
 * The notification groups store (`NotificationGroupsApi`). As the per-notification store, every list answer is
 * checked against `listVersion` (raised by each load, reset and delete-all), so a stale page never overwrites a
 * newer list, and every follow-up against `session` (raised by reset). A push or a change made elsewhere that
 * cannot be applied exactly here asks for the first page again; one asked while a load is in flight waits for
 * that load's answer and is applied to it (a push then is already counted or is newer than the answer), so a burst
 * costs at most one more load at a time.
 */
export function createNotificationGroups({ api, unread }: NotificationGroupsDeps): NotificationGroupsApi {
  let state = EMPTY;
  const listeners = new Set<(state: NotificationGroupsState) => void>();
  let session = 0;
  let listVersion = 0;
  /** Pushes received while the current first-page load is in flight (null when none is). */
  let pushedDuringLoad: AppNotification[] | null = null;
  /** A change made elsewhere while a load was in flight, which that load's answer may predate. */
  let staleLoad = false;

  function replace(next: NotificationGroupsState): void {
    const unreadCount = next.groups.filter((group) => !group.read).length;
    state = Object.freeze({ ...next, unreadCount });
    unread.set(unreadCount > 0);
    for (const listener of [...listeners]) listener(state);
  }

  const update = (patch: Partial<NotificationGroupsState>): void => replace({ ...state, ...patch });

  /** The first page again: at once, or after the load in flight (whose answer may not hold the change). */
  function refresh(): void {
    if (pushedDuringLoad !== null) staleLoad = true;
    else if (!state.loaded)
      return; // nothing shown yet: the first load is the shell's to start
    else void load();
  }

  async function load(): Promise<void> {
    const version = ++listVersion;
    // A load replacing one still in flight keeps that one's pushes: they may be newer than either answer.
    pushedDuringLoad ??= [];
    staleLoad = false;
    update({ loading: true });
    let page: AppNotificationGroup[] | null = null;
    try {
      page = await fetchPage(api);
    } catch {
      // Silent (§8).
    }
    if (version !== listVersion) return;
    const pushed = pushedDuringLoad;
    const again = staleLoad;
    pushedDuringLoad = null;
    staleLoad = false;
    const hasMore = page !== null && page.length === NOTIFICATIONS_PAGE_SIZE;
    // A failed fetch empties the list (§7), but pushes that arrived meanwhile are real and stay.
    let groups = page ?? [];
    for (const notification of pushed) groups = withPushed(groups, notification, hasMore).groups;
    update({ groups, loading: false, loaded: true, hasMore, loadingMore: false });
    if (again && page !== null) void load();
  }

  async function loadMore(): Promise<void> {
    const last = state.groups.at(-1);
    if (state.loading || state.loadingMore || !state.hasMore || !last) return;
    const version = listVersion;
    update({ loadingMore: true });
    try {
      const page = await fetchPage(api, last.latestId);
      if (version !== listVersion) return;
      update({
        groups: withOlderGroups(state.groups, page),
        hasMore: page.length === NOTIFICATIONS_PAGE_SIZE,
        loadingMore: false,
      });
    } catch {
      // Silent (§8): the list stays, and `hasMore` still offers another try.
      if (version === listVersion) update({ loadingMore: false });
    }
  }

  function receive(notification: AppNotification): void {
    if (pushedDuringLoad !== null) {
      pushedDuringLoad.push(notification);
      update({ groups: withPushed(state.groups, notification, state.hasMore).groups });
      return;
    }
    const { groups, exact } = withPushed(state.groups, notification, state.hasMore);
    update({ groups });
    if (!exact && state.loaded) refresh();
  }

  async function markAllRead(): Promise<void> {
    const started = session;
    update({ groups: state.groups.map((group) => (group.read ? group : { ...group, read: true })) });
    try {
      await api.put(`${LIST_PATH}/mark-all-read`);
    } catch {
      // Silent (§8): the refetch below shows what the server holds.
    }
    if (started === session) await load();
  }

  async function deleteAll(): Promise<void> {
    const started = session;
    try {
      await api.delete(`${LIST_PATH}/all`);
    } catch {
      return; // Silent (§8): the list stays.
    }
    if (started !== session) return;
    // A first page still in flight was read before the delete: it must not bring the groups back.
    listVersion++;
    pushedDuringLoad = null;
    staleLoad = false;
    update({ groups: [], loading: false, loaded: true, hasMore: false, loadingMore: false });
  }

  function applyChange({ groups, exact }: { groups: AppNotificationGroup[]; exact: boolean }): void {
    update({ groups });
    if (!exact || pushedDuringLoad !== null) refresh();
  }

  function reset(): void {
    session++;
    listVersion++;
    pushedDuringLoad = null;
    staleLoad = false;
    if (state === EMPTY) return;
    state = EMPTY;
    unread.set(false);
    for (const listener of [...listeners]) listener(state);
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    load,
    loadMore,
    receive,
    markAllRead,
    deleteAll,
    reset,
    applyRead: (upTo) => applyChange(withReadUpTo(state.groups, upTo)),
    applyCleared: (upTo) => {
      const cleared = withClearedUpTo(state.groups, upTo);
      // Everything older went too: no page beyond the list is left to load.
      update({ hasMore: false });
      applyChange(cleared);
    },
    // The ids name notifications, not groups: which groups lose one is the server's to say.
    applyRemoved: (ids) => {
      if (ids.length > 0 && (state.loaded || state.loading)) refresh();
    },
  };
}
