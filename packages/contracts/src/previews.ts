import type { CodeLanguage } from './posts';

/**
 * What the posts service tells the gateway about a post for a shared link's preview (OpenGraph and Twitter-card
 * tags, docs/gateway.md "Link previews"): only ever a public author's post. `GET /internal/posts/:id/preview`.
 */
export interface PostPreview {
  _id: string;
  author: { username: string; displayName: string };
  /** The post's text as written (the gateway cuts its own excerpt). */
  content: string;
  codeLanguage?: CodeLanguage;
  createdAt: string;
}

/** The internal path the gateway asks for a post's preview. */
export const postPreviewPath = (postId: string): string => `/internal/posts/${postId}/preview`;
