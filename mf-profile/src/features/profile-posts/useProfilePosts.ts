import { useCallback, useRef, useState } from 'react';
import { useUsersApi } from '../users/api';
import type { ProfilePost } from '../users/types';
import { appendPage, nextPage, removePost, type PostList } from './pagination';

/**
 * A profile's posts, seeded with the first page that came with the profile: 'Load More Posts' appends the
 * next page, a delete (made by the post card) removes one and recalculates the figures, a like or a comment
 * replaces the post. Load-more failures are only logged (product-spec §8).
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

  /** The card deleted a post on the server: the list drops it and recalculates its figures. */
  const removed = useCallback((postId: string) => setList((current) => removePost(current, postId)), []);

  /** The card's post as the server now has it (a like, a comment). */
  const changed = useCallback(
    (post: ProfilePost) =>
      setList((current) => ({
        ...current,
        posts: current.posts.map((listed) => (listed._id === post._id ? post : listed)),
      })),
    [],
  );

  return { ...list, loadingMore, loadMore, removed, changed };
}
