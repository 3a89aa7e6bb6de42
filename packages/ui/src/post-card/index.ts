/**
 * `@devcircle/ui/post-card`: the one post card (author line, text, code block with badge, highlighting, Copy and
 * the 15-line fold, like, comments, share), used by the feed, the post page and the profile's Posts tab (issue 21:
 * one card everywhere). It lives in the UI kit because two remotes show it and a remote imports no other remote.
 *
 * A subpath of its own, not part of `@devcircle/ui`'s index: the index is a federation singleton that the shell
 * provides whole, and the shell never shows a post. This entry is bundled by the remotes that use it (its
 * highlighter grammars and comments are chunks of their own, loaded when a card needs them); the kit's
 * components it uses come through `@devcircle/ui`, so they stay the shared copy.
 */
export { PostCard, type PostCardProps } from './card/PostCard';
export { CodeBlock, CODE_PREVIEW_LINES, type CodeBlockProps } from './card/CodeBlock';
export { RichText, preloadMarkdown, type RichTextProps } from './text/RichText';
export { useMentionSuggestions, type MentionSuggestionsOptions } from './text/useMentionSuggestions';
export { commentsLabel } from './card/PostActions';
export { preloadComments } from './comments/LazyCommentsSection';
export { CommentsSection, type CommentsSectionProps } from './comments/CommentsSection';
export {
  createPostsApi,
  usePostsApi,
  FIRST_PAGE_TIMEOUT_MS,
  LATER_PAGE_TIMEOUT_MS,
  type PostsApi,
} from './posts/api';
export type { Comment, Post } from './posts/types';
// The ⋯ menus (issue 20): the button for a profile, the item types a feature adds (more/sources.ts lists them).
export { MoreButton, type MoreButtonProps } from './more/MoreButton';
export type { MoreMenuItem, MoreMenuSource, MoreMenuTarget, MoreMenuTools } from './more/types';
export { useHiddenAuthor } from './more/hiddenAuthors';
