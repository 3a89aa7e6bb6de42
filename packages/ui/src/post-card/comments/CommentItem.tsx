import { ROUTES } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';
import { AppLink, Avatar, formatRelativeTime } from '@devcircle/ui';
import type { Comment, Post } from '../posts/types';
import type { ShownComment } from './commentList';
import { useHiddenAuthor } from '../more/hiddenAuthors';
import { MoreButton } from '../more/MoreButton';
import { CommentEditor } from './CommentEditor';
import { CommentMenu } from './CommentMenu';
import { useCommentActions } from './useCommentActions';
import { RichText } from '../text/RichText';
import styles from './CommentItem.module.css';

interface CommentItemProps {
  postId: string;
  comment: ShownComment;
  onEdited(updated: Post, comment: Comment, text: string): void;
  onDeleted(updated: Post, commentId: string): void;
}

/** One comment: who, when, the text; its author can edit it in place or delete it. */
export function CommentItem({ postId, comment, onEdited, onDeleted }: CommentItemProps) {
  const { user } = useAuth();
  const actions = useCommentActions(postId, comment, { onEdited, onDeleted });
  const author = comment.user;
  const name = author.displayName || author.username;
  const isOwn = user?.id === author._id;
  // Its writer blocked or muted just now (from a card or another comment): it goes at once.
  if (useHiddenAuthor(author._id)) return null;

  return (
    <article
      className={styles.comment}
      aria-label={`Comment by ${name}`}
      aria-busy={actions.deleting || undefined}
    >
      <Avatar name={name} colorKey={author._id} size="sm" />
      <div className={styles.body}>
        <header className={styles.header}>
          <AppLink to={ROUTES.profile(author.username)} className={styles.name}>
            {name}
          </AppLink>
          <time dateTime={comment.createdAt} className={styles.meta}>
            {formatRelativeTime(comment.createdAt)}
          </time>
          {comment.updatedAt !== comment.createdAt && <span className={styles.meta}>edited</span>}
          {isOwn && !actions.editing && (
            <div className={styles.actions}>
              {actions.deleting ? (
                <span role="status" className={styles.meta}>
                  Deleting...
                </span>
              ) : (
                <CommentMenu onEdit={actions.startEditing} onDelete={actions.remove} />
              )}
            </div>
          )}
          {!isOwn && (
            <div className={styles.actions}>
              <MoreButton
                label="More actions for this comment"
                target={{ kind: 'comment', postId, comment, isOwn }}
              />
            </div>
          )}
        </header>
        {actions.editing ? (
          <CommentEditor
            initialText={comment.text}
            saving={actions.saving}
            onSave={actions.save}
            onCancel={actions.cancelEditing}
          />
        ) : (
          <RichText text={comment.text} className={styles.text} />
        )}
      </div>
    </article>
  );
}
