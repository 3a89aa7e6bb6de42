import { useCallback, useEffect, useState } from 'react';
import type { FeedScope } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';

/**
 * The feed tab a member chose, kept in this browser's localStorage under their id (docs/reads.md "The following
 * feed": why not on the server). Keyed by member, so another member signing in on the same device starts from
 * their own choice (or Everyone, the spec's default), and signing out leaves it for when they come back.
 */
const storageKey = (memberId: string) => `devcircle.feedScope.${memberId}`;

export function readFeedScope(memberId: string | undefined): FeedScope {
  if (!memberId) return 'everyone';
  try {
    return window.localStorage.getItem(storageKey(memberId)) === 'following' ? 'following' : 'everyone';
  } catch {
    // Storage disabled: the spec's default.
    return 'everyone';
  }
}

function writeFeedScope(memberId: string, scope: FeedScope): void {
  try {
    window.localStorage.setItem(storageKey(memberId), scope);
  } catch {
    // Full or disabled storage: the choice lasts as long as the page.
  }
}

/** The signed-in member's feed tab and the setter that remembers a new choice. */
export function useFeedScope(): [FeedScope, (scope: FeedScope) => void] {
  const memberId = useAuth().user?.id;
  const [scope, setScope] = useState(() => readFeedScope(memberId));
  // Another member on this page (signed out and in without a reload): their own choice.
  useEffect(() => setScope(readFeedScope(memberId)), [memberId]);
  const choose = useCallback(
    (next: FeedScope) => {
      setScope(next);
      if (memberId) writeFeedScope(memberId, next);
    },
    [memberId],
  );
  return [scope, choose];
}
