import { useCallback } from 'react';
import { feedPagePath, type FeedPage, type FeedScope } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { FIRST_PAGE_TIMEOUT_MS, LATER_PAGE_TIMEOUT_MS, usePostsApi } from '@devcircle/ui/post-card';
import { usePostPages } from '../post-list/usePostPages';

/** What the user sees when the first page fails, whatever the cause (product-spec §8). */
export const FEED_ERROR_MESSAGE = 'Unable to load posts. Please try again.';

/**
 * One page of the `scope` feed: everyone's through the posts API the card uses (the spec's path, which the shell
 * prefetches), the following feed's with the same timeouts and messages.
 */
function useFeedPages(scope: FeedScope) {
  const posts = usePostsApi();
  const { api } = useSdk();
  return useCallback(
    (before: string | null, signal: AbortSignal): Promise<FeedPage> =>
      scope === 'everyone'
        ? posts.fetchFeedPage(before, signal)
        : api.get<FeedPage>(feedPagePath(before, scope), {
            timeoutMs: before ? LATER_PAGE_TIMEOUT_MS : FIRST_PAGE_TIMEOUT_MS,
            timeoutMessage: 'Posts fetch timeout',
            fallbackMessage: FEED_ERROR_MESSAGE,
            signal,
          }),
    [scope, posts, api],
  );
}

/**
 * The feed list of `scope` (usePostPages): a new scope gives a new `loadFirst`, which the screen calls, so the list
 * starts over and a page of the old scope still on its way is dropped.
 */
export function useFeed(scope: FeedScope = 'everyone') {
  return usePostPages(useFeedPages(scope));
}
