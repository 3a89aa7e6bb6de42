import { notFound } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import { POST_NOT_FOUND, type PostView } from '../posts/post';
import { postCards, viewerFields, withViewer } from '../posts/views';
import { FOLLOWEES_CONSIDERED } from '../privacy/visibility';
import { withoutHiddenComments } from '../relations/hide';
import { FEED_WINDOW, type CachedCard, type FeedWindow } from './posts-cache';

/** A feed request the cache may answer: the first page(s) by cursor or by number. */
export interface FeedRequest {
  limit: number;
  before?: ObjectId;
  page?: number;
}

export interface CachedFeedPage {
  posts: PostView[];
  hasMore: boolean;
}

/** The reader's followees as hex ids, read at most once per request, and only if a private author's post is met. */
type Following = () => Promise<Set<string>>;

function followingOf(app: PostsContext, reader: ObjectId): Following {
  let read: Promise<Set<string>> | undefined;
  return () =>
    (read ??= app.follows
      .followeesOf(reader, FOLLOWEES_CONSIDERED)
      .then((ids) => new Set(ids.map((id) => id.toHexString()))));
}

/**
 * The visibility rule (services/posts/README.md "Privacy") on what the cache holds: a public author's post, the
 * reader's own, a private author's only for their followers. It is asked of the window's copy of a post's privacy
 * and then of its card's (either may be the newer), so a post is shown only if both allow it.
 */
async function mayRead(
  reader: ObjectId,
  following: Following,
  authorId: ObjectId,
  authorPrivate: boolean,
): Promise<boolean> {
  if (!authorPrivate || authorId.equals(reader)) return true;
  return (await following()).has(authorId.toHexString());
}

async function loadWindow(app: PostsContext): Promise<FeedWindow> {
  const posts = await app.posts.newestHeads(FEED_WINDOW);
  return { posts, complete: posts.length < FEED_WINDOW };
}

/** Cards of `ids` (hex) from the cache, the missing ones read together: the posts, their comments, the names. */
function cardsOf(app: PostsContext, ids: string[]): Promise<Map<string, CachedCard>> {
  return app.cache.cards.getMany(ids, async (missing) => {
    const posts = await app.posts.findMany(missing.map((hex) => new ObjectId(hex)));
    const cards = await postCards(app, posts);
    return new Map(
      cards.map((card, i) => [
        card._id,
        { card, authorId: posts[i].authorId, authorPrivate: posts[i].authorPrivate === true },
      ]),
    );
  });
}

/**
 * A feed page from the cache (docs/caching.md), or undefined when the cache cannot answer it and the database
 * must: the cache is off or its stream not open, the page reaches beyond the window, or a post of it went
 * meanwhile. The reader's likes and bookmarks are read per request, and their follows when a private author's
 * post is among those looked at; the rest is the window and the cards. The answer is what the database path gives.
 */
export async function feedPageFromCache(
  app: PostsContext,
  reader: ObjectId,
  { limit, before, page }: FeedRequest,
): Promise<CachedFeedPage | undefined> {
  const cache = app.cache;
  const skip = page === undefined ? 0 : (page - 1) * limit;
  if (!cache.live || skip + limit >= FEED_WINDOW) return undefined;
  // Nearly always held. The reader's follows are read only if a private author's post is met on the way; the
  // authors hidden from them (blocks, mutes) always, beside the window: shared cards, the reader's set on top.
  const [window, hidden] = await Promise.all([
    cache.feedWindow(() => loadWindow(app)),
    app.hidden.hiddenFrom(reader),
  ]);
  let start = 0;
  if (before) {
    start = window.posts.findIndex((post) => post._id.toHexString() < before.toHexString());
    // Older than everything the window holds: only a complete window knows there is nothing.
    if (start < 0) {
      if (!window.complete) return undefined;
      start = window.posts.length;
    }
  }
  const following = followingOf(app, reader);
  const wanted = skip + limit + 1; // one more tells whether there is a next page
  const visible = [];
  for (let i = start; i < window.posts.length && visible.length < wanted; i++) {
    const post = window.posts[i];
    // A hidden author's posts are skipped, not counted: the page is filled from the next ones (docs/safety.md).
    if (hidden.all.has(post.authorId.toHexString())) continue;
    if (await mayRead(reader, following, post.authorId, post.authorPrivate === true)) visible.push(post);
  }
  if (visible.length < wanted && !window.complete) return undefined;
  const chosen = visible.slice(skip, skip + limit).map((post) => post._id);
  const [cards, fields] = await Promise.all([
    cardsOf(
      app,
      chosen.map((id) => id.toHexString()),
    ),
    viewerFields(app, chosen, reader),
  ]);
  const posts: PostView[] = [];
  for (const id of chosen) {
    const cached = cards.get(id.toHexString());
    // Deleted since the window was read, or gone private meanwhile: the database decides.
    if (!cached || !(await mayRead(reader, following, cached.authorId, cached.authorPrivate)))
      return undefined;
    posts.push(withoutHiddenComments(withViewer(cached.card, fields), hidden));
  }
  return { posts, hasMore: visible.length > skip + limit };
}

/**
 * One post's view from its cached card, or undefined when the cache cannot answer (off, not live, no such post:
 * the database path gives its 404). A private author's post is checked against the reader's follow, and one they
 * may not read is the usual 404.
 */
export async function postFromCache(
  app: PostsContext,
  postId: ObjectId,
  reader: ObjectId,
): Promise<PostView | undefined> {
  if (!app.cache.live) return undefined;
  const id = postId.toHexString();
  const [cards, fields, hidden] = await Promise.all([
    cardsOf(app, [id]),
    viewerFields(app, [postId], reader),
    app.hidden.hiddenFrom(reader),
  ]);
  const cached = cards.get(id);
  if (!cached) return undefined;
  // A block either way: the same 404 as a missing post (docs/safety.md).
  if (hidden.blocked.has(cached.authorId.toHexString())) throw notFound(POST_NOT_FOUND);
  if (cached.authorPrivate && !cached.authorId.equals(reader)) {
    if (!(await app.follows.isFollowing(reader, cached.authorId))) throw notFound(POST_NOT_FOUND);
  }
  return withoutHiddenComments(withViewer(cached.card, fields), hidden);
}
