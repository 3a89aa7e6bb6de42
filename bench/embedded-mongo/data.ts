import { ObjectId } from 'mongodb';

/** Deterministic test data: the same seed gives the same posts on every run. */

export interface Author {
  id: ObjectId;
  username: string;
}

export interface Post {
  author: ObjectId;
  username: string;
  /** Unique per post; indexed in the find benchmarks. */
  seq: number;
  /** Unique per post like `seq`, but never indexed: the same lookup as a collection scan. */
  slug: string;
  content: string;
  createdAt: Date;
  likes: number;
  tags: string[];
}

export interface SmallDoc {
  n: number;
  s: string;
}

/** First post's creation time; post `i` is created at about `POSTS_START + i` minutes. */
export const POSTS_START = Date.UTC(2025, 0, 1);
export const POST_INTERVAL_MS = 60_000;

const WORDS = (
  'the a an of to in for on with typescript node mongo index query cursor journal snapshot deploy build test ' +
  'refactor review merge branch commit release bug fix feature latency throughput cache async await promise ' +
  'stream buffer socket driver server client schema migration rollback pipeline docker cluster shard replica'
).split(' ');
const TAGS = [
  'typescript',
  'node',
  'mongodb',
  'devops',
  'testing',
  'performance',
  'career',
  'rust',
  'go',
  'react',
];

/** mulberry32: a small, fast, seedable PRNG. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: () => number, below: number): number {
  return Math.floor(random() * below);
}

/** Authors with distinct, deterministic ObjectIds (one second apart, the day before the first post). */
export function makeAuthors(count: number): Author[] {
  return Array.from({ length: count }, (_unused, i) => ({
    id: ObjectId.createFromTime(Math.floor(POSTS_START / 1000) - 86_400 + i),
    username: `dev_${String(i).padStart(5, '0')}`,
  }));
}

function sentence(random: () => number, minLength: number): string {
  const words: string[] = [];
  let length = 0;
  while (length < minLength) {
    const word = WORDS[randomInt(random, WORDS.length)];
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ');
}

export function makePost(seq: number, authors: Author[], random: () => number): Post {
  const author = authors[randomInt(random, authors.length)];
  const tagCount = 1 + randomInt(random, 3);
  const tags = Array.from({ length: tagCount }, () => TAGS[randomInt(random, TAGS.length)]);
  return {
    author: author.id,
    username: author.username,
    seq,
    slug: `post-${seq}`,
    content: sentence(random, 200),
    createdAt: new Date(POSTS_START + seq * POST_INTERVAL_MS + randomInt(random, POST_INTERVAL_MS)),
    likes: randomInt(random, 500),
    tags: [...new Set(tags)],
  };
}

/** Posts `from` to `from + count - 1`. */
export function makePosts(from: number, count: number, authors: Author[], random: () => number): Post[] {
  return Array.from({ length: count }, (_unused, i) => makePost(from + i, authors, random));
}

/** Small documents `from` to `from + count - 1`; the driver adds an ObjectId `_id` to each. */
export function makeSmallDocs(from: number, count: number): SmallDoc[] {
  return Array.from({ length: count }, (_unused, i) => ({
    n: from + i,
    s: `item-${(from + i).toString(36)}`,
  }));
}
