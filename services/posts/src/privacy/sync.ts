import type { ObjectId } from 'mongodb';
import type { Author } from '../authors/author';
import type { PostsContext } from '../context';

/** Privacy flipping this often while one write settles is not normal; the caller retries (or answers 500). */
const MAX_ROUNDS = 5;

/**
 * Writes the author's current privacy (from the `authors` projection) with `write`, then reads it again, until
 * a read after a write finds the value written. `written` is what is already stored, if known.
 *
 * Why the re-read: the projection and the posts are two writes. Whoever changes the projection writes the
 * posts after it, so the last change's writer always writes last with the final value — but only if every
 * writer that read an older value (a post being created, another instance of this service handling the events
 * in its own time) notices and writes again. Without it a post could keep `authorPrivate: false` for a
 * private author: shown to everyone.
 */
async function untilStable(
  app: PostsContext,
  authorId: ObjectId,
  write: (isPrivate: boolean) => Promise<void>,
  written?: boolean,
  firstRead?: Author | null,
): Promise<void> {
  let readAhead = firstRead;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const author = readAhead !== undefined ? readAhead : await app.authors.findById(authorId);
    readAhead = undefined;
    // No record: the account was deleted, and its posts go with it.
    if (!author) return;
    const isPrivate = author.isPrivate === true;
    if (isPrivate === written) return;
    await write(isPrivate);
    written = isPrivate;
  }
  throw new Error(`privacy of author ${authorId.toHexString()} kept changing; not settled`);
}

/** After the author's privacy changed: every post of theirs gets it (the consumer `posts.authors`). */
export function syncAuthorPrivacy(app: PostsContext, authorId: ObjectId): Promise<void> {
  return untilStable(app, authorId, (isPrivate) => app.posts.setAuthorPrivate(authorId, isPrivate));
}
