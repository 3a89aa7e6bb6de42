import type {
  AppNotification,
  ApiClient,
  NotificationsApi,
  NotificationsState,
  UnreadIndicator,
} from '../types';
import { later, withLoadedPage, withOlderPage, withReceived, withWatermarks, type Watermarks } from './merge';
import { createPagedStore, fetchPage, isFullPage, LIST_PATH } from './paged-store';

const EMPTY: NotificationsState = Object.freeze({
  items: [],
  loading: false,
  loaded: false,
  hasMore: false,
  loadingMore: false,
});

export interface NotificationsDeps {
  api: ApiClient;
  /** Kept equal to "any item unread" (the red dots). */
  unread: UnreadIndicator;
}

/**
 * The notifications store, on the paged skeleton (paged-store.ts: late answers checked against the list's version
 * and the session). What other sessions marked read or deleted is kept as watermarks applied to every state.
 */
export function createNotifications({ api, unread }: NotificationsDeps): NotificationsApi {
  /** Pushes received while the current first-page load is in flight (null when none is). */
  let pushedDuringLoad: AppNotification[] | null = null;
  /** What other sessions marked read and deleted this session (`applyRead`, `applyCleared`). */
  let marks: Watermarks = {};

  const store = createPagedStore(api, unread, EMPTY, (next) => {
    const state = withWatermarks(next, marks);
    unread.set(state.items.some((item) => !item.read));
    return state;
  });
  const { update } = store;
  const state = store.getState;

  async function load(): Promise<void> {
    const version = ++store.listVersion;
    // A load replacing one still in flight keeps that one's pushes: they may be newer than either answer.
    pushedDuringLoad ??= [];
    update({ loading: true });
    let page: AppNotification[] | null = null;
    try {
      page = await fetchPage<AppNotification>(api, LIST_PATH);
    } catch {
      // Silent (§8).
    }
    if (version !== store.listVersion) return;
    const pushed = pushedDuringLoad;
    pushedDuringLoad = null;
    // A failed fetch empties the list (§7), but pushes that arrived meanwhile are real and stay.
    update({
      items: withLoadedPage(page ?? [], pushed),
      loading: false,
      loaded: true,
      hasMore: isFullPage(page),
      loadingMore: false,
    });
  }

  function receive(notification: AppNotification): void {
    pushedDuringLoad?.push(notification);
    update({ items: withReceived(state().items, notification) });
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load,
    loadMore: () =>
      store.loadMore<AppNotification>(LIST_PATH, state().items.at(-1)?._id, (page) => ({
        items: withOlderPage(state().items, page),
      })),
    receive,
    markAllRead: () =>
      store.markAllRead(
        { items: state().items.map((item) => (item.read ? item : { ...item, read: true })) },
        load,
      ),
    deleteAll: () =>
      store.deleteAll(() => {
        pushedDuringLoad = null;
        return { items: [] };
      }),
    reset: () => {
      pushedDuringLoad = null;
      marks = {};
      store.reset();
    },
    applyRead: (upTo) => {
      marks = { ...marks, readUpTo: later(marks.readUpTo, upTo) };
      update({});
    },
    applyCleared: (upTo) => {
      marks = { ...marks, clearedUpTo: later(marks.clearedUpTo, upTo) };
      // Everything older went too: no page beyond the list is left to load.
      update({ hasMore: false });
    },
    applyRemoved: (ids) => {
      marks = { ...marks, removed: new Set([...(marks.removed ?? []), ...ids]) };
      update({});
    },
  };
}
