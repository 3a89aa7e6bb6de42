/** A user as a post or comment carries it (posts service README). */
export interface UserRef {
  _id: string;
  username: string;
  displayName: string;
}

export interface Comment {
  _id: string;
  user: UserRef | null;
  text: string;
  createdAt: string;
  updatedAt: string;
  /** Set by older data; such comments are never shown. */
  deleted?: boolean;
}

/** The code languages of product-spec §3, in the dropdown's order. */
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

/** A post as the posts service answers it: bounded (like count, the latest 50 comments newest first). */
export interface Post {
  _id: string;
  author: UserRef;
  content: string;
  codeSnippet?: string;
  codeLanguage?: CodeLanguage | '';
  createdAt: string;
  /** The like count. */
  likes: number;
  likedByMe: boolean;
  /** The latest comments, newest first (at most 50). */
  comments: Comment[];
  commentsCount: number;
  hasMoreComments: boolean;
}

export interface FeedPage {
  posts: Post[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface NewPost {
  content: string;
  codeSnippet?: string;
  codeLanguage?: CodeLanguage;
}
