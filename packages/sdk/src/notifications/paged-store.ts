import { NOTIFICATIONS_PAGE_SIZE } from '../constants';
import type { ApiClient, UnreadIndicator } from '../types';

export const LIST_PATH = '/api/notifications';

/** What the states of both notification stores (the list and the groups) have in common. */
export interface PagedState {
  loading: boolean;
  loaded: boolean;
  hasMore: boolean;
  loadingMore: boolean;
}

/** A page of `path`, newest first (before `before`); anything but an array is a failed call. */
export async function fetchPage<T>(api: ApiClient, path: string, before?: string): Promise<T[]> {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (before) query.set('before', before);
  const answer = await api.get<unknown>(`${path}?${query.toString()}`);
  if (!Array.isArray(answer)) throw new Error(`${path} did not answer an array`);
  return answer as T[];
}

/** A full page says there may be more; a short or failed one that there is not. */
export const isFullPage = (page: readonly unknown[] | null): boolean =>
  page !== null && page.length === NOTIFICATIONS_PAGE_SIZE;

/**
 * The skeleton of both notification stores: the state and its listeners, and the two counters every late answer is
 * checked against. `listVersion` (raised by each load, reset and delete-all): a stale page never overwrites a newer
 * list. `session` (raised by reset): nothing from a signed-out session reaches the next one. `publish` makes the
 * state from a patched one (what a store derives: watermarks, the unread count) and sets the red dots.
 */
export function createPagedStore<S extends PagedState>(
  api: ApiClient,
  unread: UnreadIndicator,
  empty: S,
  publish: (next: S) => S,
) {
  let state = empty;
  const listeners = new Set<(state: S) => void>();

  const emit = () => {
    for (const listener of [...listeners]) listener(state);
  };

  const core = {
    session: 0,
    listVersion: 0,
    getState: () => state,
    subscribe(listener: (state: S) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    update(patch: Partial<S>): void {
      state = publish(Object.freeze({ ...state, ...patch }));
      emit();
    },

    /** The next older page below the list (its last row's `cursor`), merged by `merge`; silent on failure (§8). */
    async loadMore<T>(
      path: string,
      cursor: string | undefined,
      merge: (page: T[]) => Partial<S>,
    ): Promise<void> {
      if (state.loading || state.loadingMore || !state.hasMore || cursor === undefined) return;
      const version = core.listVersion;
      core.update({ loadingMore: true } as Partial<S>);
      try {
        const page = await fetchPage<T>(api, path, cursor);
        if (version !== core.listVersion) return;
        core.update({ ...merge(page), hasMore: isFullPage(page), loadingMore: false });
      } catch {
        // Silent (§8): the list stays, and `hasMore` still offers another try.
        if (version === core.listVersion) core.update({ loadingMore: false } as Partial<S>);
      }
    },

    /** Everything shown as read at once (`allRead`), then, still in this session, the first page again. */
    async markAllRead(allRead: Partial<S>, load: () => Promise<void>): Promise<void> {
      const started = core.session;
      core.update(allRead);
      try {
        await api.put(`${LIST_PATH}/mark-all-read`);
      } catch {
        // Silent (§8): the refetch below shows what the server holds.
      }
      if (started === core.session) await load();
    },

    /**
     * Deletes everything on the server; on success, still in this session, the list is `cleared()` (a first page
     * still in flight was read before the delete, so it must not bring anything back). A failure leaves it (§8).
     */
    async deleteAll(cleared: () => Partial<S>): Promise<void> {
      const started = core.session;
      try {
        await api.delete(`${LIST_PATH}/all`);
      } catch {
        return;
      }
      if (started !== core.session) return;
      core.listVersion++;
      core.update({ ...cleared(), loading: false, loaded: true, hasMore: false, loadingMore: false });
    },

    /** Signed out: the empty state, and every answer of the old session dropped. */
    reset(): void {
      core.session++;
      core.listVersion++;
      if (state === empty) return;
      state = empty;
      unread.set(false);
      emit();
    },
  };
  return core;
}
