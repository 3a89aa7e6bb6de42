import { PROFILE_PAGE_SIZE, type ProfilePagination } from '@devcircle/contracts';
import type { ProfilePost } from '../users/types';

/** The posts a profile lists so far and where its pages stand. */
export interface PostList {
  posts: ProfilePost[];
  pagination: ProfilePagination;
}

/**
 * The page to ask for next. Pages are offsets into the owner's posts: after deletions the next unseen post
 * sits on an earlier page than `current + 1`, so ask for the page holding the first one not listed (the
 * overlap is dropped by `appendPage`).
 */
export function nextPage(list: PostList): number {
  return Math.floor(list.posts.length / PROFILE_PAGE_SIZE) + 1;
}

/** A fetched page added to the list (posts already listed are skipped), with that page's figures. */
export function appendPage(list: PostList, page: PostList): PostList {
  const seen = new Set(list.posts.map((post) => post._id));
  const posts = [...list.posts, ...page.posts.filter((post) => !seen.has(post._id))];
  return { posts, pagination: { ...page.pagination, hasMore: posts.length < page.pagination.total } };
}

/** The list without a deleted post: total, pages and hasMore recalculated (product-spec §4). */
export function removePost(list: PostList, postId: string): PostList {
  const posts = list.posts.filter((post) => post._id !== postId);
  if (posts.length === list.posts.length) return list;
  const total = Math.max(0, list.pagination.total - 1);
  const pages = Math.ceil(total / PROFILE_PAGE_SIZE);
  return {
    posts,
    pagination: {
      total,
      pages,
      current: Math.min(list.pagination.current, Math.max(pages, 1)),
      hasMore: posts.length < total,
    },
  };
}
