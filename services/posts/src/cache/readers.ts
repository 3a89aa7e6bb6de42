import type { ObjectId } from 'mongodb';
import type { HiddenSet } from '../relations/hidden-author';
import { InvalidatingCache } from './store';
import { ViewerFieldsCache } from './viewer-fields';

/** The most readers whose hidden set and follows are held; least recently used go first. */
export const READERS_MAX = 2000;

/** The most (reader, post) pairs whose `likedByMe` / `bookmarkedByMe` are held. */
export const VIEWER_FIELDS_MAX = 200_000;

/**
 * `hidden_authors` and `author_followers` ids remembered (updates name only the id; about 90 bytes each, 27 MB at
 * the bound): beyond it every reader's relations go and the ids are noted afresh. Readers dropped from the cache
 * leave theirs until then. A reader following 1,000 notes 1,000.
 */
const RELATION_DOCUMENTS_KEPT = 300_000;

/** Whom the reader follows (at most `FOLLOWEES_CONSIDERED`), as hex ids, and which of them are private. */
export interface ReaderFollows {
  followees: Set<string>;
  privateFollowees: ObjectId[];
  /** Fewer than the limit: someone not in `followees` is not followed. */
  complete: boolean;
  /**
   * The private authors whose posts the feed's filter lets through for this reader (`privateFollowees`, and the
   * reader if private), sorted: readers with the same one and the same hidden set see the same feed.
   */
  signature: string;
}

/**
 * What each reader's feed page needs besides the shared window and cards (docs/caching.md "Per reader"): the
 * authors hidden from them, whom they follow, and their likes and bookmarks of the posts they read. Dropped by the
 * change stream (`changes.ts`) and by this instance's own writes and consumers.
 */
export class ReaderCache {
  readonly hidden = new InvalidatingCache<HiddenSet>(READERS_MAX);
  readonly follows = new InvalidatingCache<ReaderFollows>(READERS_MAX);
  readonly fields = new ViewerFieldsCache(VIEWER_FIELDS_MAX);
  /** `hidden_authors` / `author_followers` document id → its reader (hex), for those read. */
  private readonly documents = new Map<string, string>();

  set live(live: boolean) {
    this.hidden.live = live;
    this.follows.live = live;
    this.fields.live = live;
  }

  /** The documents a load of the reader's relations read, so that a later update of one finds its reader. */
  remember(reader: string, ids: string[]): void {
    if (this.documents.size + ids.length > RELATION_DOCUMENTS_KEPT) this.clearRelations();
    for (const id of ids) this.documents.set(id, reader);
  }

  /** A block, mute or follow of the reader changed (their write, applied by this instance's consumer). */
  readerChanged(reader: ObjectId | string): void {
    const hex = typeof reader === 'string' ? reader : reader.toHexString();
    this.hidden.invalidate(hex);
    this.follows.invalidate(hex);
  }

  /**
   * An update or deletion of a `hidden_authors` / `author_followers` document, which names only its id: its
   * reader's relations go; one never read concerns no reader held, but maybe a load in progress.
   */
  relationDocumentChanged(id: string): void {
    const reader = this.documents.get(id);
    if (reader !== undefined) this.readerChanged(reader);
    else {
      this.hidden.dropLoads();
      this.follows.dropLoads();
    }
  }

  /** Someone's privacy changed: which followees are private, for every reader. */
  privacyChanged(): void {
    this.follows.clear();
  }

  private clearRelations(): void {
    this.hidden.clear();
    this.follows.clear();
    this.documents.clear();
  }

  clear(): void {
    this.clearRelations();
    this.fields.clear();
  }
}
