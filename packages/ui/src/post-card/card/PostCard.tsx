import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useAuth } from '@devcircle/sdk/react';
import { Card } from '@devcircle/ui';
import { LazyCommentsSection, preloadComments } from '../comments/LazyCommentsSection';
import { usePostsApi } from '../posts/api';
import type { Post } from '../posts/types';
import { useHiddenAuthor } from '../more/hiddenAuthors';
import { CodeBlock } from './CodeBlock';
import { PostActions } from './PostActions';
import { PostHeader } from './PostHeader';
import { RichText } from '../text/RichText';
import { ShareDialog } from './ShareDialog';
import styles from './PostCard.module.css';

// Where a card blocked or muted from was: loaded with the menu, so it is there when needed.
const RelationStatus = lazy(() => import(/* webpackChunkName: "more-menu" */ '../more/RelationStatus'));

export interface PostCardProps {
  post: Post;
  /** The post as the server now has it (after a like or a comment change). */
  onChange(post: Post): void;
  /** The post is gone from the server. */
  onDeleted(postId: string): void;
  /** The detail page's view: comments open at first, no View Details link. */
  expanded?: boolean;
}

/** One post: author line, text, code, actions, comments and the share dialog. */
export function PostCard({ post, onChange, onDeleted, expanded = false }: PostCardProps) {
  const api = usePostsApi();
  const { user } = useAuth();
  const [commentsOpen, setCommentsOpen] = useState(expanded);
  const [shareOpen, setShareOpen] = useState(false);
  const [likeBusy, setLikeBusy] = useState(false);
  const [bookmarkBusy, setBookmarkBusy] = useState(false);
  const commentsId = useId();
  const isOwner = !!user && (user.id ?? user._id) === post.author._id;
  const hidden = useHiddenAuthor(post.author._id);

  // Like and delete failures are only logged (product-spec §8).
  const toggleLike = async () => {
    setLikeBusy(true);
    try {
      onChange(await api.toggleLike(post._id));
    } catch (error) {
      console.error('Failed to toggle like', error);
    } finally {
      setLikeBusy(false);
    }
  };

  // The post as last given: a like or comment answered while a bookmark call is out must not be undone by it.
  const latest = useRef(post);
  latest.current = post;
  // Optimistic: the control shows the new state at once, and the old one again if the server refuses (then only
  // logged, as a like's failure is).
  const toggleBookmark = async () => {
    const bookmarked = !post.bookmarkedByMe;
    setBookmarkBusy(true);
    onChange({ ...post, bookmarkedByMe: bookmarked });
    let saved: boolean;
    try {
      saved = (await api.setBookmarked(post._id, bookmarked)).bookmarked;
    } catch (error) {
      console.error('Failed to change bookmark', error);
      saved = !bookmarked;
    } finally {
      setBookmarkBusy(false);
    }
    onChange({ ...latest.current, bookmarkedByMe: saved });
  };

  const deletePost = async () => {
    try {
      await api.deletePost(post._id);
      onDeleted(post._id);
    } catch (error) {
      console.error('Failed to delete post', error);
    }
  };

  // Blocked or muted just now: every card of theirs goes; the one it was done from says so, with Undo.
  if (hidden) {
    return hidden.atPost === post._id ? (
      <Suspense fallback={null}>
        <RelationStatus authorId={post.author._id} hidden={hidden} />
      </Suspense>
    ) : null;
  }

  return (
    <Card
      as="article"
      padding="none"
      className={styles.card}
      aria-label={`Post by ${post.author.displayName || post.author.username}`}
    >
      <PostHeader
        author={post.author}
        post={post}
        createdAt={post.createdAt}
        isOwner={isOwner}
        onDelete={deletePost}
      />
      {/* Markdown or plain text, as React elements only (docs/rich-text.md); line breaks are kept by CSS. */}
      <RichText text={post.content} className={styles.content} />
      {post.codeSnippet && <CodeBlock code={post.codeSnippet} language={post.codeLanguage || undefined} />}
      <PostActions
        postId={post._id}
        liked={post.likedByMe}
        likes={post.likes}
        likeBusy={likeBusy}
        onToggleLike={() => void toggleLike()}
        bookmarked={post.bookmarkedByMe}
        bookmarkBusy={bookmarkBusy}
        onToggleBookmark={() => void toggleBookmark()}
        commentsCount={post.commentsCount}
        commentsOpen={commentsOpen}
        commentsId={commentsId}
        onToggleComments={() => setCommentsOpen((open) => !open)}
        onCommentsIntent={preloadComments}
        onShare={() => setShareOpen(true)}
        showDetailsLink={!expanded}
      />
      {commentsOpen && (
        <div id={commentsId} className={styles.comments}>
          <LazyCommentsSection post={post} onPostChange={onChange} />
        </div>
      )}
      <ShareDialog postId={post._id} open={shareOpen} onClose={() => setShareOpen(false)} />
    </Card>
  );
}
