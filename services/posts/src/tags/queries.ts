import type { ObjectId } from 'mongodb';
import type { FeedViewer } from '../privacy/feed-viewer';
import { feedQuery, type PostQuery } from '../posts/repository';

/**
 * A tag's posts, newest first, older than `before` when given, only those `viewer` may see: the feed's query
 * (and its privacy filter) narrowed to the tag, on the `{tags: 1, _id: -1}` index.
 */
export function tagPostsQuery(tag: string, viewer: FeedViewer, before?: ObjectId): PostQuery {
  const { filter, sort } = feedQuery(before, viewer);
  return { filter: { ...filter, tags: tag }, sort };
}
