import { ArrowUpRight, MessageCircle, Share2 } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink } from '@devcircle/ui';
import { BookmarkButton } from './BookmarkButton';
import { LikeButton } from './LikeButton';
import styles from './PostActions.module.css';

export interface PostActionsProps {
  postId: string;
  liked: boolean;
  likes: number;
  likeBusy: boolean;
  onToggleLike(): void;
  bookmarked: boolean;
  bookmarkBusy: boolean;
  onToggleBookmark(): void;
  commentsCount: number;
  commentsOpen: boolean;
  commentsId: string;
  onToggleComments(): void;
  /** A pointer or the focus reached the comments toggle: their code may start loading. */
  onCommentsIntent?(): void;
  onShare(): void;
  /** Off on the detail page, which is already the details. */
  showDetailsLink: boolean;
}

/** Like, the comments toggle, Share, View Details and, at the row's end, Bookmark. */
export function PostActions(props: PostActionsProps) {
  const { postId, commentsOpen, commentsCount } = props;
  return (
    <div className={styles.actions}>
      <LikeButton
        liked={props.liked}
        count={props.likes}
        busy={props.likeBusy}
        onToggle={props.onToggleLike}
      />
      <button
        type="button"
        className={styles.action}
        aria-expanded={commentsOpen}
        aria-controls={commentsOpen ? props.commentsId : undefined}
        onClick={props.onToggleComments}
        onPointerEnter={props.onCommentsIntent}
        onPointerDown={props.onCommentsIntent}
        onFocus={props.onCommentsIntent}
      >
        <MessageCircle size={18} aria-hidden="true" />
        <span className={styles.count}>{commentsOpen ? 'Hide Comments' : commentsLabel(commentsCount)}</span>
      </button>
      <button type="button" className={styles.action} onClick={props.onShare}>
        <Share2 size={18} aria-hidden="true" />
        <span className={styles.label}>Share</span>
      </button>
      {props.showDetailsLink && (
        <AppLink to={ROUTES.post(postId)} className={styles.action}>
          <ArrowUpRight size={18} aria-hidden="true" />
          <span className={styles.label}>View Details</span>
        </AppLink>
      )}
      <BookmarkButton
        bookmarked={props.bookmarked}
        busy={props.bookmarkBusy}
        onToggle={props.onToggleBookmark}
      />
    </div>
  );
}

/** 'N Comments' (§2), singular for one: '1 Comment' (issue 21). */
export function commentsLabel(count: number): string {
  return count === 1 ? '1 Comment' : `${count} Comments`;
}
