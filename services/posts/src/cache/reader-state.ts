import { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import type { ViewerFields } from '../posts/post';
import { FOLLOWEES_CONSIDERED } from '../privacy/visibility';
import type { HiddenSet } from '../relations/hidden-author';
import type { ReaderFollows } from './readers';

/**
 * A reader's own state for the feed cache's answers (docs/caching.md "Per reader"), from memory when held, else
 * read and kept: each load notes the ids of the documents it read, so that the change stream's updates and
 * deletions, which name only those, find the reader.
 */

/** The authors hidden from the reader (blocks either way, mutes): one read of their few documents. */
export async function hiddenOf(app: PostsContext, reader: ObjectId): Promise<HiddenSet> {
  const hex = reader.toHexString();
  const found = await app.cache.readers.hidden.getMany([hex], async () => {
    const { hidden, ids } = await app.hidden.relationsOf(reader);
    app.cache.readers.remember(hex, ids);
    return new Map([[hex, hidden]]);
  });
  return found.get(hex) as HiddenSet;
}

/** Whom the reader follows (at most `FOLLOWEES_CONSIDERED`) and which of them are private: two reads. */
export async function followsOf(app: PostsContext, reader: ObjectId): Promise<ReaderFollows> {
  const hex = reader.toHexString();
  const found = await app.cache.readers.follows.getMany([hex], async () => {
    const { followees, ids } = await app.follows.followPairsOf(reader, FOLLOWEES_CONSIDERED);
    app.cache.readers.remember(hex, ids);
    // The reader's own privacy comes with the same read: their posts pass the filter for them either way.
    const privates = await app.authors.privateAmong([reader, ...followees]);
    const privateFollowees = privates.filter((id) => !id.equals(reader));
    return new Map([
      [
        hex,
        {
          followees: new Set(followees.map((id) => id.toHexString())),
          privateFollowees,
          complete: followees.length < FOLLOWEES_CONSIDERED,
          signature: privates
            .map((id) => id.toHexString())
            .sort()
            .join(','),
        },
      ],
    ]);
  });
  return found.get(hex) as ReaderFollows;
}

/** Whether the reader follows `author`: from the held follows, or the database beyond the limit. */
export async function follows(app: PostsContext, reader: ObjectId, author: ObjectId): Promise<boolean> {
  const held = await followsOf(app, reader);
  if (held.followees.has(author.toHexString())) return true;
  return !held.complete && app.follows.isFollowing(reader, author);
}

/** The reader's likes and bookmarks of `posts` (hex ids): those not held in one `$in` each. */
export function viewerFieldsOf(
  app: PostsContext,
  reader: ObjectId,
  posts: string[],
): Promise<(post: string) => ViewerFields> {
  return app.cache.readers.fields.read(reader.toHexString(), posts, async (missing) => {
    const ids = missing.map((hex) => new ObjectId(hex));
    const [liked, saved] = await Promise.all([
      app.likes.likeIdsAmong(reader, ids),
      app.bookmarks.savedIdsAmong(reader, ids),
    ]);
    return { liked, saved };
  });
}
