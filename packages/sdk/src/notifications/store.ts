import { NOTIFICATIONS_PAGE_SIZE } from '../constants';
import type {
  ApiClient,
  AppNotification,
  NotificationsApi,
  NotificationsState,
  UnreadIndicator,
} from '../types';
import { later, withLoadedPage, withOlderPage, withReceived, withWatermarks, type Watermarks } from './merge';

const EMPTY: NotificationsState = Object.freeze({
  items: [],
  loading: false,
  loaded: false,
  hasMore: false,
  loadingMore: false,
});

const LIST_PATH = '/api/notifications';

function pagePath(before?: string): string {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (before) query.set('before', before);
  return `${LIST_PATH}?${query.toString()}`;
}

/** The page a list call answered; anything but an array is a failed call. */
async function fetchPage(api: ApiClient, before?: string): Promise<AppNotification[]> {
  const answer = await api.get<unknown>(pagePath(before));
  if (!Array.isArray(answer)) throw new Error('The notifications list is not an array');
  return answer as AppNotification[];
}

export interface NotificationsDeps {
  api: ApiClient;
  /** Kept equal to "any item unread" (the red dots). */
  unread: UnreadIndicator;
}

/**
 * The notifications store. Answers can arrive late: every list answer is checked against `listVersion`
 * (raised by each load, reset and delete-all) so a stale page never overwrites a newer list, and every
 * follow-up of a call is checked against `session` (raised by reset) so nothing from a signed-out session
 * reaches the next one.
 */
export function createNotifications({ api, unread }: NotificationsDeps): NotificationsApi {
  let state = EMPTY;
  const listeners = new Set<(state: NotificationsState) => void>();
  let session = 0;
  let listVersion = 0;
  /** Pushes received while the current first-page load is in flight (null when none is). */
  let pushedDuringLoad: AppNotification[] | null = null;
  /** What other sessions marked read and deleted this session (`applyRead`, `applyCleared`). */
  let marks: Watermarks = {};

  function replace(next: NotificationsState): void {
    state = withWatermarks(next, marks);
    unread.set(state.items.some((item) => !item.read));
    for (const listener of [...listeners]) listener(state);
  }

  const update = (patch: Partial<NotificationsState>): void => replace(Object.freeze({ ...state, ...patch }));

  async function load(): Promise<void> {
    const version = ++listVersion;
    // A load replacing one still in flight keeps that one's pushes: they may be newer than either answer.
    pushedDuringLoad ??= [];
    update({ loading: true });
    let page: AppNotification[] | null = null;
    try {
      page = await fetchPage(api);
    } catch {
      // Silent (§8).
    }
    if (version !== listVersion) return;
    const pushed = pushedDuringLoad;
    pushedDuringLoad = null;
    // A failed fetch empties the list (§7), but pushes that arrived meanwhile are real and stay.
    update({
      items: withLoadedPage(page ?? [], pushed),
      loading: false,
      loaded: true,
      hasMore: page !== null && page.length === NOTIFICATIONS_PAGE_SIZE,
      loadingMore: false,
    });
  }

  async function loadMore(): Promise<void> {
    const last = state.items.at(-1);
    if (state.loading || state.loadingMore || !state.hasMore || !last) return;
    const version = listVersion;
    update({ loadingMore: true });
    try {
      const page = await fetchPage(api, last._id);
      if (version !== listVersion) return;
      update({
        items: withOlderPage(state.items, page),
        hasMore: page.length === NOTIFICATIONS_PAGE_SIZE,
        loadingMore: false,
      });
    } catch {
      // Silent (§8): the list stays, and `hasMore` still offers another try.
      if (version === listVersion) update({ loadingMore: false });
    }
  }

  function receive(notification: AppNotification): void {
    pushedDuringLoad?.push(notification);
    update({ items: withReceived(state.items, notification) });
  }

  async function markAllRead(): Promise<void> {
    const started = session;
    update({ items: state.items.map((item) => (item.read ? item : { ...item, read: true })) });
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
    // A first page still in flight was read before the delete: it must not bring the items back.
    listVersion++;
    pushedDuringLoad = null;
    update({ items: [], loading: false, loaded: true, hasMore: false, loadingMore: false });
  }

  function applyRead(upTo: string): void {
    marks = { ...marks, readUpTo: later(marks.readUpTo, upTo) };
    update({});
  }

  function applyCleared(upTo: string): void {
    marks = { ...marks, clearedUpTo: later(marks.clearedUpTo, upTo) };
    // Everything older went too: no page beyond the list is left to load.
    update({ hasMore: false });
  }

  function applyRemoved(ids: readonly string[]): void {
    marks = { ...marks, removed: new Set([...(marks.removed ?? []), ...ids]) };
    update({});
  }

  function reset(): void {
    session++;
    listVersion++;
    pushedDuringLoad = null;
    marks = {};
    if (state !== EMPTY) replace(EMPTY);
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
    applyRead,
    applyCleared,
    applyRemoved,
  };
}
