import type { ViewerFields } from '../posts/post';

const LIKED = 1;
const SAVED = 2;

/** Changes remembered for the loads in progress; beyond it every load in progress keeps nothing. */
const CHANGES_KEPT = 10_000;

/** Like and bookmark ids remembered (for deletions, which the stream names by id only); beyond it all goes. */
const DOCUMENTS_KEPT = 200_000;

/** What a load read for a reader: of the posts asked, those liked and those saved, each with its document's id. */
export interface LoadedFields {
  liked: Map<string, string>;
  saved: Map<string, string>;
}

/**
 * The readers' `likedByMe` and `bookmarkedByMe` (docs/caching.md "Per reader"), per post and reader (hex ids),
 * at most `max` pairs, the least recently read posts dropped first. A change of a post's likes or bookmarks drops
 * what every reader knows of that post (it drops the post's card anyway); a load overtaken by such a change keeps
 * nothing of that post, as the cards' loads do.
 */
export class ViewerFieldsCache {
  /** Post → reader → bits, posts in the order they were last read (Map keeps insertion order). */
  private readonly byPost = new Map<string, Map<string, number>>();
  private pairs = 0;
  /** A clock for the loads: a load that began at `t` keeps a post only if it did not change after `t`. */
  private clock = 0;
  private readonly changedAt = new Map<string, number>();
  /** Loads that began before it keep nothing. */
  private floor = 0;
  private loads = 0;
  /** Like and bookmark document id → its post, for those read as there. */
  private readonly documents = new Map<string, string>();
  live = false;

  constructor(private readonly max: number) {}

  get size(): number {
    return this.pairs;
  }

  /** The reader's fields for `posts`, the ones not held read through one call of `load`. */
  async read(
    reader: string,
    posts: string[],
    load: (missing: string[]) => Promise<LoadedFields>,
  ): Promise<(post: string) => ViewerFields> {
    const found = new Map<string, number>();
    const missing: string[] = [];
    for (const post of posts) {
      const readers = this.byPost.get(post);
      const bits = readers?.get(reader);
      if (readers && bits !== undefined) {
        this.byPost.delete(post);
        this.byPost.set(post, readers);
        found.set(post, bits);
      } else missing.push(post);
    }
    if (missing.length > 0) {
      const began = this.clock;
      this.loads++;
      let loaded: LoadedFields;
      try {
        loaded = await load(missing);
      } finally {
        this.loads--;
      }
      if (this.documents.size + loaded.liked.size + loaded.saved.size > DOCUMENTS_KEPT) this.clear();
      for (const [post, id] of loaded.liked) this.documents.set(id, post);
      for (const [post, id] of loaded.saved) this.documents.set(id, post);
      for (const post of missing) {
        const bits = (loaded.liked.has(post) ? LIKED : 0) | (loaded.saved.has(post) ? SAVED : 0);
        found.set(post, bits);
        if (this.live && began >= this.floor && (this.changedAt.get(post) ?? 0) <= began)
          this.keep(post, reader, bits);
      }
      if (this.loads === 0) this.changedAt.clear();
    }
    return (post) => {
      const bits = found.get(post) ?? 0;
      return { likedByMe: (bits & LIKED) !== 0, bookmarkedByMe: (bits & SAVED) !== 0 };
    };
  }

  private keep(post: string, reader: string, bits: number): void {
    let readers = this.byPost.get(post);
    if (readers) this.byPost.delete(post);
    else readers = new Map();
    this.byPost.set(post, readers);
    if (!readers.has(reader)) this.pairs++;
    readers.set(reader, bits);
    while (this.pairs > this.max) {
      const oldest = this.byPost.entries().next();
      if (oldest.done) break;
      this.pairs -= oldest.value[1].size;
      this.byPost.delete(oldest.value[0]);
    }
  }

  /** Someone's like or bookmark of the post changed: what every reader knows of it goes. */
  postChanged(post: string): void {
    const readers = this.byPost.get(post);
    if (readers) {
      this.pairs -= readers.size;
      this.byPost.delete(post);
    }
    if (this.loads === 0) return;
    if (this.changedAt.size >= CHANGES_KEPT) this.dropLoads();
    else this.changedAt.set(post, ++this.clock);
  }

  /**
   * A like or bookmark document was deleted (the stream names only its id). One read as there names its post; any
   * other was not there for any reader held, but a load in progress may have read it.
   */
  documentDeleted(id: string): void {
    const post = this.documents.get(id);
    if (post === undefined) {
      this.dropLoads();
      return;
    }
    this.documents.delete(id);
    this.postChanged(post);
  }

  private dropLoads(): void {
    this.floor = ++this.clock;
    this.changedAt.clear();
  }

  clear(): void {
    this.byPost.clear();
    this.pairs = 0;
    this.documents.clear();
    this.dropLoads();
  }
}
