import { FEED_PAGE_SIZE } from './limits';
import type { UserRef } from './users';

/** The code languages of product-spec §3, in the create-post dropdown's order. */
export const CODE_LANGUAGES = [
  'javascript',
  'python',
  'java',
  'cpp',
  'react',
  'html',
  'css',
  'sql',
  'json',
  'other',
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export function isCodeLanguage(value: unknown): value is CodeLanguage {
  return (CODE_LANGUAGES as readonly unknown[]).includes(value);
}

export interface Comment {
  _id: string;
  user: UserRef;
  text: string;
  createdAt: string;
  updatedAt: string;
  /** Product-spec §3's deleted flag: this server never sends a deleted comment, and a client never shows one. */
  deleted?: boolean;
}

/** How many of its latest comments a post carries; older ones come from the comments endpoint. */
export const EMBEDDED_COMMENTS = 50;

/** A post as the posts service answers it: bounded (the like count, the latest comments newest first). */
export interface Post {
  _id: string;
  author: UserRef;
  content: string;
  codeSnippet?: string;
  codeLanguage?: CodeLanguage;
  createdAt: string;
  /** The like count. */
  likes: number;
  likedByMe: boolean;
  /** Whether the caller has saved the post (Bookmarks); only ever the caller's own. */
  bookmarkedByMe: boolean;
  /** The latest comments, newest first (at most `EMBEDDED_COMMENTS`). */
  comments: Comment[];
  commentsCount: number;
  hasMoreComments: boolean;
}

/** `POST /api/posts`. */
export interface NewPost {
  content: string;
  codeSnippet?: string;
  codeLanguage?: CodeLanguage;
}

/** `POST /api/posts/:id/like`. */
export interface LikeResult {
  liked: boolean;
  likes: number;
}

/**
 * The feed's tabs: `everyone` is the spec's feed (every post the caller may see, the default); `following` only
 * the posts of the members the caller follows and their own (`GET /api/posts?scope=following`, cursor paging only).
 */
export const FEED_SCOPES = ['everyone', 'following'] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

/**
 * `GET` of one feed page: the newest posts, or those older than `before` (cursor paging). Written once: the feed
 * asks for its first page with it, and the shell fetches that page early with the same path (SDK `prefetch`).
 * The everyone path is the spec's, unchanged; only the following feed adds its scope.
 */
export function feedPagePath(before: string | null = null, scope: FeedScope = 'everyone'): string {
  const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
  const only = scope === 'following' ? '&scope=following' : '';
  return `/api/posts?limit=${FEED_PAGE_SIZE}${only}${cursor}`;
}
