import { notFound } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import { POST_NOT_FOUND, type PostView } from '../posts/post';
import { feedQuery } from '../posts/repository';
import { postCards, withViewer } from '../posts/views';
import type { HiddenSet } from '../relations/hidden-author';
import { withoutHiddenComments } from '../relations/hide';
import { FEED_WINDOW, type CachedCard, type FeedWindow, type PageHeads } from './posts-cache';
import { follows, followsOf, hiddenOf, viewerFieldsOf } from './reader-state';

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

/**
 * The visibility rule (services/posts/README.md "Privacy") on what the cache holds: a public author's post, the
 * reader's own, a private author's only for their followers. It is asked of the window's (or the page's) copy of a
 * post's privacy and then of its card's (either may be the newer), so a post is shown only if both allow it.
 */
async function mayRead(
  app: PostsContext,
  reader: ObjectId,
  authorId: ObjectId,
  authorPrivate: boolean,
): Promise<boolean> {
  if (!authorPrivate || authorId.equals(reader)) return true;
  // The followees the database path's filter considers (at most `FOLLOWEES_CONSIDERED`), never more.
  return (await followsOf(app, reader)).followees.has(authorId.toHexString());
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
 * The page's posts from the window, or undefined when the window cannot tell: the page reaches beyond the posts it
 * holds that the reader may see (a deep page, a cursor older than the window, a reader among many private or hidden
 * authors).
 */
async function headsFromWindow(
  app: PostsContext,
  reader: ObjectId,
  { window, hidden }: { window: FeedWindow; hidden: HiddenSet },
  { limit, before }: FeedRequest,
  skip: number,
): Promise<PageHeads | undefined> {
  let start = 0;
  if (before) {
    start = window.posts.findIndex((post) => post._id.toHexString() < before.toHexString());
    // Older than everything the window holds: only a complete window knows there is nothing.
    if (start < 0) {
      if (!window.complete) return undefined;
      start = window.posts.length;
    }
  }
  const wanted = skip + limit + 1; // one more tells whether there is a next page
  const visible = [];
  for (let i = start; i < window.posts.length && visible.length < wanted; i++) {
    const post = window.posts[i];
    // A hidden author's posts are skipped, not counted: the page is filled from the next ones (docs/safety.md).
    if (hidden.all.has(post.authorId.toHexString())) continue;
    if (await mayRead(app, reader, post.authorId, post.authorPrivate === true)) visible.push(post);
  }
  if (visible.length < wanted && !window.complete) return undefined;
  return {
    chosen: visible.slice(skip, skip + limit).map((post) => post._id),
    hasMore: visible.length > skip + limit,
  };
}

/** The hidden set as a key: its authors, sorted (a set is read once per reader and kept, so this is made once). */
const hiddenKeys = new WeakMap<HiddenSet, string>();

function hiddenKey(hidden: HiddenSet): string {
  let key = hiddenKeys.get(hidden);
  if (key === undefined) {
    key = [...hidden.all].sort().join(',');
    hiddenKeys.set(hidden, key);
  }
  return key;
}

/**
 * The page's posts from the database, heads only (id, author, privacy), with the feed's visibility filter and the
 * skip or the cursor in the index scan: one command, whatever the depth's cost in the scan. Kept until the feed
 * changes (docs/caching.md "Pages beyond the window"), for every reader with the same filter: the same private
 * authors let through and the same authors hidden.
 */
async function headsFromDatabase(
  app: PostsContext,
  reader: ObjectId,
  hidden: HiddenSet,
  { limit, before }: FeedRequest,
  skip: number,
): Promise<PageHeads> {
  const { privateFollowees, signature } = await followsOf(app, reader);
  const at = before ? `before ${before.toHexString()}` : `skip ${skip}`;
  const key = `${signature} | ${hiddenKey(hidden)} | ${at} | ${limit}`;
  const found = await app.cache.pages.getMany([key], async () => {
    const heads = await app.posts.heads(feedQuery(before, { id: reader, privateFollowees, hidden }), {
      skip,
      limit: limit + 1,
    });
    return new Map([
      [key, { chosen: heads.slice(0, limit).map((post) => post._id), hasMore: heads.length > limit }],
    ]);
  });
  return found.get(key) as PageHeads;
}

/**
 * A feed page with the cache's cards (docs/caching.md), or undefined when the cache cannot answer it and the
 * database path must: the cache is off or its stream not open, or a post of the page went (or went private)
 * meanwhile. The page's posts come from the window when it holds them, else from the database (heads only); the
 * cards, the reader's hidden set, follows, likes and bookmarks from memory when held. The answer is what the
 * database path gives.
 */
export async function feedPageFromCache(
  app: PostsContext,
  reader: ObjectId,
  request: FeedRequest,
): Promise<CachedFeedPage | undefined> {
  if (!app.cache.live) return undefined;
  const skip = request.page === undefined ? 0 : (request.page - 1) * request.limit;
  const inWindow = skip + request.limit < FEED_WINDOW;
  // Nearly always held: the window (for the first pages) beside the authors hidden from the reader.
  const [window, hidden] = await Promise.all([
    inWindow ? app.cache.feedWindow(() => loadWindow(app)) : undefined,
    hiddenOf(app, reader),
  ]);
  const heads =
    (window ? await headsFromWindow(app, reader, { window, hidden }, request, skip) : undefined) ??
    (await headsFromDatabase(app, reader, hidden, request, skip));
  const ids = heads.chosen.map((id) => id.toHexString());
  const [cards, fields] = await Promise.all([cardsOf(app, ids), viewerFieldsOf(app, reader, ids)]);
  const posts: PostView[] = [];
  for (const id of ids) {
    const cached = cards.get(id);
    // Deleted since the heads were read, or gone private meanwhile: the database decides.
    if (!cached || !(await mayRead(app, reader, cached.authorId, cached.authorPrivate))) return undefined;
    posts.push(withoutHiddenComments(withViewer(cached.card, fields), hidden));
  }
  return { posts, hasMore: heads.hasMore };
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
    viewerFieldsOf(app, reader, [id]),
    hiddenOf(app, reader),
  ]);
  const cached = cards.get(id);
  if (!cached) return undefined;
  // A block either way: the same 404 as a missing post (docs/safety.md).
  if (hidden.blocked.has(cached.authorId.toHexString())) throw notFound(POST_NOT_FOUND);
  if (
    cached.authorPrivate &&
    !cached.authorId.equals(reader) &&
    !(await follows(app, reader, cached.authorId))
  )
    throw notFound(POST_NOT_FOUND);
  return withoutHiddenComments(withViewer(cached.card, fields), hidden);
}
