import type { ObjectId } from 'mongodb';
import type { PostHead } from '../posts/repository';
import type { PostCard } from '../posts/post';
import { ReaderCache } from './readers';
import { InvalidatingCache } from './store';

/**
 * How many of the newest posts the window holds: the first pages of the feed (20 of 10, 4 of 50) when nobody in
 * them is hidden from the reader; a reader who needs more, or a later page, reads the database.
 */
export const FEED_WINDOW = 200;

/** The most pages beyond the window whose posts are held (each a page's ids: about 300 bytes for 10). */
export const PAGES_MAX = 1000;

/** The posts of a page, newest first (ids), and whether there are more. */
export interface PageHeads {
  chosen: ObjectId[];
  hasMore: boolean;
}

/** The most cards held (posts of the window and posts opened on their own); least recently used go first. */
export const CARDS_MAX = 1000;

/** The newest posts of everyone, newest first; `complete` when there are no others. */
export interface FeedWindow {
  posts: PostHead[];
  complete: boolean;
}

/** A post's card and what deciding who may see it needs (the card says who wrote it). */
export interface CachedCard {
  card: PostCard;
  authorId: ObjectId;
  authorPrivate: boolean;
}

const WINDOW = 'window';
const TOTAL = 'total';

/**
 * This process's hot reads (docs/caching.md): the feed's window and the post cards, each dropped when what it was
 * made from changes. The routes drop what their own writes change before they answer (a member reads their own
 * write on this instance at once); the change stream (`changes.ts`) drops what every instance's writes change.
 * `enabled` is false with `POSTS_FEED_CACHE=off`: every read goes to the database.
 */
export class PostsCache {
  readonly window = new InvalidatingCache<FeedWindow>(1);
  readonly cards = new InvalidatingCache<CachedCard>(CARDS_MAX);
  /**
   * The posts of pages read beyond the window (ids and whether there are more), per visibility filter and position
   * (page number or cursor): like the window, they change when a post is added, deleted or changes privacy.
   */
  readonly pages = new InvalidatingCache<PageHeads>(PAGES_MAX);
  /** How many posts there are (the page mode's `pages`): changes when the window does. */
  readonly total = new InvalidatingCache<number>(1);
  /** Each reader's hidden set, follows, likes and bookmarks. */
  readonly readers = new ReaderCache();

  constructor(readonly enabled: boolean) {}

  /** Whether reads may use the cache: on, and its change stream open (nothing is missed). */
  get live(): boolean {
    return this.enabled && this.window.live;
  }

  set live(live: boolean) {
    this.window.live = live;
    this.cards.live = live;
    this.total.live = live;
    this.pages.live = live;
    this.readers.live = live;
    if (!live) this.clear();
  }

  /** A post's likes, comments or counts changed: its card goes, and what any reader knows of liking it. */
  postChanged(postId: ObjectId | string): void {
    const hex = typeof postId === 'string' ? postId : postId.toHexString();
    this.cards.invalidate(hex);
    this.readers.fields.postChanged(hex);
  }

  /** A bookmark of the post was saved or removed: what any reader knows of it goes (the card stays). */
  bookmarksChanged(postId: ObjectId): void {
    this.readers.fields.postChanged(postId.toHexString());
  }

  /** A post was added, deleted or changed who may see it: the window goes, and its card. */
  feedChanged(postId?: ObjectId | string): void {
    this.window.invalidate(WINDOW);
    this.total.invalidate(TOTAL);
    // Every position after the change moves: all pages go.
    this.pages.clear();
    if (postId) this.postChanged(postId);
  }

  /** Names (or a member's whole content) changed: any card may show them. */
  cardsChanged(): void {
    this.cards.clear();
  }

  clear(): void {
    this.window.clear();
    this.cards.clear();
    this.total.clear();
    this.pages.clear();
    this.readers.clear();
  }

  /** The window, read with `load` when not held. */
  async feedWindow(load: () => Promise<FeedWindow>): Promise<FeedWindow> {
    const found = await this.window.getMany([WINDOW], async () => new Map([[WINDOW, await load()]]));
    return found.get(WINDOW) as FeedWindow;
  }

  /** How many posts there are, read with `load` when not held. */
  async feedTotal(load: () => Promise<number>): Promise<number> {
    const found = await this.total.getMany([TOTAL], async () => new Map([[TOTAL, await load()]]));
    return found.get(TOTAL) as number;
  }
}
