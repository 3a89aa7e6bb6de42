import { runLoad, type LoadResult } from '../../shared/load';
import { WritesClient } from './client';
import type { WritesSeed } from './data';

/** One timed run of one write. */
export interface WriteRun {
  what: string;
  load: LoadResult;
  failed: number;
  firstFailure?: string;
}

/** A bound on requests per run; the time limit ends it first. */
const MAX_OPS = 200_000;

/**
 * Every member toggles at once, all on the same post, then all on the next (members × posts, round and round):
 * the post's count and its author's are as contended as they get.
 */
export async function runToggles(baseUrl: string, seed: WritesSeed, seconds: number): Promise<WriteRun> {
  const members = seed.members.length;
  const client = new WritesClient(baseUrl, members);
  let failed = 0;
  let firstFailure: string | undefined;
  const load = await runLoad({ ops: MAX_OPS, concurrency: members, maxSeconds: seconds }, async (i) => {
    const member = seed.members[i % members];
    const post = seed.posts[Math.floor(i / members) % seed.posts.length].toHexString();
    const reply = await client.send(member, 'PUT', `/api/posts/${post}/like`);
    if (reply.status !== 200) {
      failed++;
      firstFailure ??= `${reply.status} ${reply.body.toString('utf8').slice(0, 200)}`;
      return;
    }
    const key = `${post} ${member.id}`;
    seed.toggles.set(key, (seed.toggles.get(key) ?? 0) + 1);
  });
  client.close();
  return { what: 'toggles', load, failed, firstFailure };
}

/** Every member creates posts at once (a short text and a snippet, as the create form sends). */
export async function runCreates(baseUrl: string, seed: WritesSeed, seconds: number): Promise<WriteRun> {
  const members = seed.members.length;
  const client = new WritesClient(baseUrl, members);
  let failed = 0;
  let firstFailure: string | undefined;
  const load = await runLoad({ ops: MAX_OPS, concurrency: members, maxSeconds: seconds }, async (i) => {
    const member = seed.members[i % members];
    const reply = await client.send(member, 'POST', '/api/posts', {
      content: `Post ${i}: paging by cursor keeps the first page as cheap as any other.`,
      codeSnippet: 'const page = await posts.find({ _id: { $lt: before } }).limit(10);',
      codeLanguage: 'javascript',
    });
    if (reply.status !== 201) {
      failed++;
      firstFailure ??= `${reply.status} ${reply.body.toString('utf8').slice(0, 200)}`;
      return;
    }
    seed.created.set(member.id, (seed.created.get(member.id) ?? 0) + 1);
  });
  client.close();
  return { what: 'creates', load, failed, firstFailure };
}
