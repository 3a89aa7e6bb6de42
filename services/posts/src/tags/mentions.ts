import { extractMentions } from '@devcircle/contracts';
import type { Caller } from '@devcircle/service-kit';
import type { Db, ObjectId } from 'mongodb';
import { AUTHORS, USERNAME_COLLATION } from '../authors/repository';
import type { PostsContext } from '../context';

/** `authors` by username without case: the lookup that checks a private author's mentions. */
export async function ensureMentionIndexes(db: Db): Promise<void> {
  await db
    .collection(AUTHORS)
    .createIndexes([{ key: { username: 1 }, name: 'username_ci', collation: USERNAME_COLLATION }]);
}

/**
 * The `@names` of `text` that its event may carry (docs/rich-text.md, "Who hears of a mention"): never the writer,
 * and on a private author's post only the author and the followers this service knows (its `follows` projection,
 * by the `authors` record of each name); a name it cannot confirm is dropped, so a stranger never hears of a
 * private member's post. On a public author's post every name goes: the notifications service resolves them.
 */
export async function visibleMentions(
  app: PostsContext,
  post: { authorId: ObjectId; authorPrivate?: boolean },
  caller: Caller,
  text: string,
): Promise<string[]> {
  return mayHear(app, post, caller, extractMentions(text));
}

/** Which of `mentioned` the event may carry, by the rules of `visibleMentions`. */
async function mayHear(
  app: PostsContext,
  post: { authorId: ObjectId; authorPrivate?: boolean },
  caller: Caller,
  mentioned: string[],
): Promise<string[]> {
  const own = caller.username.toLowerCase();
  const names = mentioned.filter((name) => name.toLowerCase() !== own);
  if (names.length === 0 || post.authorPrivate !== true) return names;
  const known = await app.authors.findByUsernames(names);
  const allowed = await Promise.all(
    known.map(
      async (member) =>
        !member._id.equals(caller.id) &&
        (member._id.equals(post.authorId) || (await app.follows.isFollowing(member._id, post.authorId))),
    ),
  );
  return known.filter((_member, index) => allowed[index]).map((member) => member.username);
}

/**
 * What an edit of `before` into `after` newly mentions: `visibleMentions` of the new text without the names the
 * old text already had (any case), so an edit never notifies again someone the comment already named.
 */
export async function addedMentions(
  app: PostsContext,
  post: { authorId: ObjectId; authorPrivate?: boolean },
  caller: Caller,
  before: string,
  after: string,
): Promise<string[]> {
  const named = new Set(extractMentions(before).map((name) => name.toLowerCase()));
  const fresh = extractMentions(after).filter((name) => !named.has(name.toLowerCase()));
  return fresh.length === 0 ? [] : mayHear(app, post, caller, fresh);
}
