import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { FeedPage } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import type { Post } from '@devcircle/ui/post-card';

export const TAG_ERROR_MESSAGE = 'Unable to load posts. Please try again.';

/** `GET /api/tags/:tag/posts` (services/posts/README.md): the tag's posts the member may see, newest first. */
export const tagPostsPath = (tag: string, before: string | null) =>
  `/api/tags/${encodeURIComponent(tag)}/posts${before ? `?before=${encodeURIComponent(before)}` : ''}`;

/** A tag's posts by cursor: the first page replaces the list, "Load more" appends the next one. */
export function useTagPosts(tag: string) {
  const { api } = useSdk();
  const [posts, setPosts] = useState<Post[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const cursor = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(
    async (first: boolean) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      if (first) setStatus('loading');
      else setLoadingMore(true);
      try {
        const page = await api.get<FeedPage>(tagPostsPath(tag, first ? null : cursor.current), {
          fallbackMessage: TAG_ERROR_MESSAGE,
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        cursor.current = page.nextCursor;
        startTransition(() => {
          setPosts((current) => (first ? page.posts : [...current, ...page.posts]));
          setHasMore(page.hasMore);
          setStatus('ready');
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        // A later page's failure is only logged, as in the feed; the button stays to try again.
        if (first) setStatus('error');
        else console.error('Failed to load more posts', error);
      } finally {
        if (!controller.signal.aborted) setLoadingMore(false);
      }
    },
    [api, tag],
  );

  useEffect(() => {
    void load(true);
    return () => abort.current?.abort();
  }, [load]);

  const replacePost = (post: Post) =>
    setPosts((current) => current.map((shown) => (shown._id === post._id ? post : shown)));
  const removePost = (postId: string) => setPosts((current) => current.filter((post) => post._id !== postId));

  return {
    posts,
    status,
    hasMore,
    loadingMore,
    reload: () => load(true),
    loadMore: () => load(false),
    replacePost,
    removePost,
  };
}
