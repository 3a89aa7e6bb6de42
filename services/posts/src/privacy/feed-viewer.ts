import type { ObjectId } from 'mongodb';
import type { HiddenSet } from '../relations/hidden-author';

/**
 * What the feed's visibility filter needs: the viewer and the private authors they follow. A type of its own so
 * that the feed query (posts/repository.ts) and the code that finds it (visibility.ts, which needs the context)
 * both import it without importing each other.
 */
export interface FeedViewer {
  id: ObjectId;
  privateFollowees: ObjectId[];
  /** The authors the viewer blocks, mutes or is blocked by (docs/safety.md): left out of every list. */
  hidden?: HiddenSet;
}
