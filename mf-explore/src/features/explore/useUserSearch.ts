import { useCallback, useEffect, useState } from 'react';
import { useExploreApi } from './api';
import type { ExploreUser, UserQuery } from './types';

interface Settled {
  /** Which request this answers (query and attempt): an answer to anything else is not shown. */
  key: string;
  query: UserQuery;
  users: ExploreUser[];
  failed: boolean;
}

export interface UserSearch {
  /** True from a new query (or a reload) until its answer. */
  loading: boolean;
  failed: boolean;
  users: ExploreUser[];
  /** The query `users` answers (null until one has). */
  query: UserQuery | null;
  reload(): void;
}

/**
 * Runs `GET /api/users` for `query` while `enabled`. A new query aborts the previous request, and an answer
 * to anything but the latest request is ignored, so a late reply never replaces newer results.
 */
export function useUserSearch({ search, skill }: UserQuery, enabled = true): UserSearch {
  const api = useExploreApi();
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = JSON.stringify([attempt, search, skill]);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const query = { search, skill };
    api.searchUsers(query, controller.signal).then(
      (users) => {
        if (!controller.signal.aborted) setSettled({ key, query, users, failed: false });
      },
      () => {
        // Handled: the screen shows 'Failed to fetch users' with Try again, so nothing is logged.
        if (controller.signal.aborted) return;
        setSettled({ key, query, users: [], failed: true });
      },
    );
    return () => controller.abort();
  }, [api, enabled, key, search, skill]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const current = enabled && settled?.key === key ? settled : null;
  return {
    loading: enabled && current === null,
    failed: current?.failed ?? false,
    users: current?.users ?? [],
    query: current?.query ?? null,
    reload,
  };
}
