import type { RunningService } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { PostsContext } from '../src/context';
import type { HiddenReason } from '../src/relations/hidden-author';
import { startPosts, type PostsHarness } from './harness';

/**
 * What a block is, said once (relations/blocks.ts): the reader's in-memory hidden set (lists, the feed cache) and
 * the blocks query (`blockedBetween`, a post read straight from the database) must agree for every reason.
 */

let h: PostsHarness;
let hidden: PostsContext['hidden'];
beforeAll(async () => {
  h = await startPosts();
  hidden = (h.service as RunningService<PostsContext>).context.hidden;
});
afterAll(() => h.stop());

const REASONS: HiddenReason[] = ['block', 'blocked-by', 'mute'];

test("a block either way is in the hidden set's blocked authors and the blocks query; a mute only hides from lists", async () => {
  const reader = new ObjectId();
  const authorOf = Object.fromEntries(REASONS.map((reason) => [reason, new ObjectId()])) as Record<
    HiddenReason,
    ObjectId
  >;
  for (const reason of REASONS) await hidden.apply(reader, authorOf[reason], reason, true, new ObjectId());
  // A lifted block hides nothing, in either place.
  const lifted = new ObjectId();
  await hidden.apply(reader, lifted, 'block', false, new ObjectId());

  const set = await hidden.hiddenFrom(reader);
  const hex = (reason: HiddenReason) => authorOf[reason].toHexString();
  expect([...set.all].sort()).toEqual(REASONS.map(hex).sort());
  expect([...set.blocked].sort()).toEqual([hex('block'), hex('blocked-by')].sort());
  for (const author of [...Object.values(authorOf), lifted]) {
    const inSet = set.blocked.has(author.toHexString());
    expect([author.toHexString(), await hidden.blockedBetween(reader, author)]).toEqual([
      author.toHexString(),
      inSet,
    ]);
  }
  // The feed cache's read of the same documents builds the same set.
  const relations = await hidden.relationsOf(reader);
  expect(relations.hidden.blocked).toEqual(set.blocked);
  expect(relations.hidden.all).toEqual(set.all);
  expect(relations.ids).toHaveLength(REASONS.length + 1);
});
