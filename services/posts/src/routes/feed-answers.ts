import { type TaggedJson, taggedJson } from '@devcircle/service-kit';
import type { PostView } from '../posts/post';

/** The feed's answer as the route sends it: its posts and the few scalars beside them, in their order. */
export interface FeedAnswer {
  posts: PostView[];
  [scalar: string]: unknown;
}

interface Held {
  posts: PostView[];
  scalars: string;
  answer: TaggedJson;
}

/** Answers held per first post, most recent last; a first post heads few distinct pages (limits, hasMore). */
const HELD_PER_FIRST_POST = 8;
/** The key of an answer without posts (an empty feed, a page beyond the last). */
const NO_POSTS = {};

/**
 * The serialised bytes and ETag of the feed answers made from the cache (docs/caching.md "Answers kept as
 * bytes"). A cached page is assembled from shared, never-changed view objects (`withViewer` keeps one per card and
 * reader fields; `withoutHiddenComments` returns the view itself when it hides nothing), so an answer whose posts
 * are the same objects, in the same order, with the same scalars (hasMore, cursor, pagination) is the same JSON:
 * it is sent as kept, without JSON.stringify and the SHA-256 of ~10 KB per request. Exact by construction: any
 * change a member makes or sees (a like, a new card, a hidden comment, their follows) gives another view object or
 * another scalar, hence a miss and a fresh serialisation. Held weakly by the first post's view, so answers go when
 * the cache lets its cards go; readers with the same views share them.
 */
export class FeedAnswers {
  private readonly held = new WeakMap<object, Held[]>();

  tagged(body: FeedAnswer): TaggedJson {
    const { posts } = body;
    const scalars = JSON.stringify(body, (key, value: unknown) => (key === 'posts' ? posts.length : value));
    const key = posts[0] ?? NO_POSTS;
    let entries = this.held.get(key);
    const found = entries?.find(
      (entry) =>
        entry.scalars === scalars &&
        entry.posts.length === posts.length &&
        entry.posts.every((post, i) => post === posts[i]),
    );
    if (found) return found.answer;
    const answer = taggedJson(body);
    if (!entries) {
      entries = [];
      this.held.set(key, entries);
    }
    if (entries.length >= HELD_PER_FIRST_POST) entries.shift();
    entries.push({ posts: [...posts], scalars, answer });
    return answer;
  }
}
