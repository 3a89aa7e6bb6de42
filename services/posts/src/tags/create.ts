import { extractTags } from '@devcircle/contracts';
import { inTransaction, type Caller } from '@devcircle/service-kit';
import type { PostsContext } from '../context';
import { postEventFields, recordPostEvent } from '../events/record';
import type { Post } from '../posts/post';
import type { NewPost } from '../posts/repository';
import { visibleMentions } from './mentions';
import { tagsChanged } from './trending';

/**
 * A new post with its tags (`extractTags`, stored on it for the tag view), and, when it mentions someone who may
 * see it, its `post.created` event carrying those names, committed with it (the outbox, docs/events.md). A post
 * that mentions nobody records no event: it stays the one insert it was.
 */
export async function createPostWithMentions(
  app: PostsContext,
  caller: Caller,
  input: Omit<NewPost, 'tags'>,
): Promise<Post> {
  const fields: NewPost = { ...input, tags: extractTags(input.content) };
  const mentions = await visibleMentions(app, input, caller, input.content);
  const post =
    mentions.length === 0
      ? await app.posts.create(fields)
      : await inTransaction(app.deps.database.client, async (session) => {
          const created = await app.posts.create(fields, session);
          await recordPostEvent(
            app,
            { type: 'post.created', ...postEventFields(caller, created), mentions },
            session,
          );
          return created;
        });
  if (fields.tags?.length) tagsChanged(app);
  return post;
}
