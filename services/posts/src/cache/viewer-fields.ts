import type { ViewerFields } from '../posts/post';
import { OvertakableCache } from './overtaken-loads';

const LIKED = 1;
const SAVED = 2;

/**
 * Like and bookmark ids remembered (for deletions, which the stream names by id only). A load that would pass it
 * first drops everything held (a held pair's documents must stay findable), then keeps its own up to it.
 */
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
 * nothing of that post (`OvertakableCache`, the cards' rule, with the post as the key).
 */
export class ViewerFieldsCache extends OvertakableCache {
  /** Post → reader → bits, posts in the order they were last read (Map keeps insertion order). */
  private readonly byPost = new Map<string, Map<string, number>>();
  private pairs = 0;
  /** Like and bookmark document id → its post, for those read as there. */
  private readonly documents = new Map<string, string>();

  constructor(
    private readonly max: number,
    private readonly documentsKept = DOCUMENTS_KEPT,
  ) {
    super();
  }

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
      await this.loadThenKeep(
        () => load(missing),
        (loaded, mayKeep) => {
          const loadedDocuments = loaded.liked.size + loaded.saved.size;
          if (this.documents.size + loadedDocuments > this.documentsKept) this.dropHeld();
          for (const post of missing) {
            const ids = [loaded.liked.get(post), loaded.saved.get(post)];
            const bits = (ids[0] !== undefined ? LIKED : 0) | (ids[1] !== undefined ? SAVED : 0);
            found.set(post, bits);
            if (!mayKeep(post)) continue;
            const documents = ids.filter((id): id is string => id !== undefined);
            // The rest of a load larger than the limit is answered, not kept.
            if (this.documents.size + documents.length > this.documentsKept) continue;
            for (const id of documents) this.documents.set(id, post);
            this.keep(post, reader, bits);
          }
        },
      );
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
    this.overtake(post);
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

  clear(): void {
    this.dropHeld();
    this.dropLoads();
  }

  /** Forgets every pair held and their documents; loads in progress keep theirs (nothing changed under them). */
  private dropHeld(): void {
    this.byPost.clear();
    this.pairs = 0;
    this.documents.clear();
  }
}
