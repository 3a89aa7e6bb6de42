import { useCallback, useRef, useState } from 'react';
import { useUsersApi } from '../users/api';
import type { ProfilePost } from '../users/types';
import { appendPage, nextPage, removePost, type PostList } from './pagination';

/**
 * A profile's posts, seeded with the first page that came with the profile: 'Load More Posts' appends the
 * next page, a delete removes one and recalculates the figures. Load-more and delete failures are only
 * logged (product-spec §8).
 */
export function useProfilePosts(username: string, initial: PostList) {
  const api = useUsersApi();
  const [list, setList] = useState(initial);
  const [loadingMore, setLoadingMore] = useState(false);
  const listRef = useRef(list);
  listRef.current = list;
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    try {
      const page = await api.fetchPosts(username, nextPage(listRef.current));
      setList((current) => appendPage(current, page));
    } catch (error) {
      console.error('Failed to load more posts', error);
    } finally {
      busy.current = false;
      setLoadingMore(false);
    }
  }, [api, username]);

  /** Deletes on the server; true when it is gone (the list is then updated). */
  const deletePost = useCallback(
    async (post: ProfilePost): Promise<boolean> => {
      try {
        await api.deletePost(post._id);
        setList((current) => removePost(current, post._id));
        return true;
      } catch (error) {
        console.error('Failed to delete post', error);
        return false;
      }
    },
    [api],
  );

  return { ...list, loadingMore, loadMore, deletePost };
}
