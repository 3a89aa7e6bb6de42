import { useCallback, useEffect, useState } from 'react';
import {
  relationPath,
  relationsPagePath,
  type RelatedAccount,
  type RelationKind,
  type RelationsPage,
} from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';

export type RelationListState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      users: RelatedAccount[];
      nextCursor: string | null;
      hasMore: boolean;
      loadingMore: boolean;
      /** The ids being unblocked (unmuted) now. */
      busy: string[];
      error?: string;
    };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The caller's blocked (muted) accounts, a page at a time, and taking one back (it leaves the list at once). */
export function useRelationList(kind: RelationKind) {
  const { api } = useSdk();
  const [state, setState] = useState<RelationListState>({ status: 'loading' });

  const load = useCallback(
    async (before: string | null) => {
      const fallbackMessage = `Could not load your ${kind === 'block' ? 'blocked' : 'muted'} accounts.`;
      const page = await api.get<RelationsPage>(relationsPagePath(kind, before), { fallbackMessage });
      setState((current) => ({
        status: 'ready',
        users: [...(before && current.status === 'ready' ? current.users : []), ...page.users],
        nextCursor: page.nextCursor,
        hasMore: page.hasMore,
        loadingMore: false,
        busy: [],
      }));
    },
    [api, kind],
  );

  const start = useCallback(() => {
    setState({ status: 'loading' });
    load(null).catch((error: unknown) => setState({ status: 'failed', message: messageOf(error) }));
  }, [load]);

  useEffect(start, [start]);

  const more = () => {
    if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
    setState({ ...state, loadingMore: true });
    load(state.nextCursor).catch((error: unknown) =>
      setState((current) =>
        current.status === 'ready' ? { ...current, loadingMore: false, error: messageOf(error) } : current,
      ),
    );
  };

  const remove = async (user: RelatedAccount) => {
    setState((current) =>
      current.status === 'ready'
        ? { ...current, busy: [...current.busy, user._id], error: undefined }
        : current,
    );
    try {
      await api.delete(relationPath(user.username, kind), {
        fallbackMessage: `Could not ${kind === 'block' ? 'unblock' : 'unmute'} @${user.username}.`,
      });
      setState((current) =>
        current.status === 'ready'
          ? {
              ...current,
              users: current.users.filter((one) => one._id !== user._id),
              busy: current.busy.filter((id) => id !== user._id),
            }
          : current,
      );
    } catch (error) {
      setState((current) =>
        current.status === 'ready'
          ? { ...current, busy: current.busy.filter((id) => id !== user._id), error: messageOf(error) }
          : current,
      );
    }
  };

  return { state, more, remove, retry: start };
}
