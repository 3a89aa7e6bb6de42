import { useCallback, useEffect } from 'react';
import type { FeedPage } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { usePostPages } from '../post-list/usePostPages';

export const TAG_ERROR_MESSAGE = 'Unable to load posts. Please try again.';

/** `GET /api/tags/:tag/posts` (services/posts/README.md): the tag's posts the member may see, newest first. */
export const tagPostsPath = (tag: string, before: string | null) =>
  `/api/tags/${encodeURIComponent(tag)}/posts${before ? `?before=${encodeURIComponent(before)}` : ''}`;

/** A tag's posts by cursor: loaded as the tag is shown, "Load more" appends the next page. */
export function useTagPosts(tag: string) {
  const { api } = useSdk();
  const fetchPage = useCallback(
    (before: string | null, signal: AbortSignal) =>
      api.get<FeedPage>(tagPostsPath(tag, before), { fallbackMessage: TAG_ERROR_MESSAGE, signal }),
    [api, tag],
  );
  const pages = usePostPages(fetchPage);
  const { loadFirst } = pages;
  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);
  return pages;
}
