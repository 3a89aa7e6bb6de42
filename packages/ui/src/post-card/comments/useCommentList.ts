import { useState } from 'react';
import { usePostsApi } from '../posts/api';
import type { Comment, Post } from '../posts/types';
import { appendOlder, beyondWindow, COMMENTS_STEP, isShown } from './commentList';

/**
 * The comments a card shows: the post's latest 50 plus older ones fetched on demand, 3 at first and 3 more
 * per 'View N more comments'. The post is replaced after every write; older comments already loaded stay.
 */
export function useCommentList(post: Post, onPostChange: (post: Post) => void) {
  const api = usePostsApi();
  const [older, setOlder] = useState<Comment[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [shownCount, setShownCount] = useState(COMMENTS_STEP);
  const [loading, setLoading] = useState(false);
  const [latest, setLatest] = useState(post.comments);
  if (latest !== post.comments) {
    // A new post came back: comments its window no longer holds (pushed out by a new one) join the older ones.
    // Without more comments than the window, the window is all there is (a deleted oldest one must not linger).
    setLatest(post.comments);
    setOlder(post.hasMoreComments ? beyondWindow(post.comments, [...latest, ...older]) : []);
  }

  const all = [...post.comments, ...older];
  const visible = all.filter(isShown);
  const hasMore = post.hasMoreComments && !exhausted;
  // N counts the comments not fetched yet too (commentsCount), not only the loaded ones.
  const unloaded = hasMore ? Math.max(0, post.commentsCount - all.length) : 0;
  const shown = visible.slice(0, shownCount);
  const remaining = visible.length - shown.length + unloaded;

  async function showMore() {
    const wanted = shownCount + COMMENTS_STEP;
    if (visible.length >= wanted || !hasMore) {
      setShownCount(wanted);
      return;
    }
    setLoading(true);
    try {
      let cursor = all[all.length - 1]?._id;
      let missing = wanted - visible.length;
      // Hidden comments do not count, so one page may not be enough.
      while (cursor && missing > 0) {
        const page = await api.fetchOlderComments(post._id, cursor);
        setOlder((current) => appendOlder(current, page.comments));
        missing -= page.comments.filter(isShown).length;
        cursor = page.comments[page.comments.length - 1]?._id;
        if (!page.hasMore) {
          setExhausted(true);
          break;
        }
      }
      setShownCount(wanted);
    } catch (error) {
      // §8: a load-more failure is only logged.
      console.error('Failed to load older comments', error);
    } finally {
      setLoading(false);
    }
  }

  /** The new comment shows on top without pushing a shown one out of view. */
  function added(updated: Post) {
    onPostChange(updated);
    setShownCount((count) => count + 1);
  }

  /** After an edit: an older comment is not in the returned window, so its new text is applied here. */
  function edited(updated: Post, comment: Comment, text: string) {
    onPostChange(updated);
    if (updated.comments.some(({ _id }) => _id === comment._id)) return;
    const changed = { ...comment, text, updatedAt: new Date().toISOString() };
    setOlder((current) => current.map((entry) => (entry._id === comment._id ? changed : entry)));
  }

  function deleted(updated: Post, commentId: string) {
    onPostChange(updated);
    setOlder((current) => current.filter(({ _id }) => _id !== commentId));
  }

  return { shown, remaining, loading, showMore, added, edited, deleted };
}
