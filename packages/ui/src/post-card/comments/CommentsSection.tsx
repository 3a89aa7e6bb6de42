import { Button } from '@devcircle/ui';
import type { Post } from '../posts/types';
import { AddComment } from './AddComment';
import { CommentItem } from './CommentItem';
import { useCommentList } from './useCommentList';
import styles from './CommentsSection.module.css';

export interface CommentsSectionProps {
  post: Post;
  /** Called with the post the server answered after a comment was added, edited or deleted. */
  onPostChange(post: Post): void;
}

/** The comments under a post card (§2): the latest three, 'View N more comments', and the add form. */
export function CommentsSection({ post, onPostChange }: CommentsSectionProps) {
  const list = useCommentList(post, onPostChange);
  const moreLabel = `View ${list.remaining} more ${list.remaining === 1 ? 'comment' : 'comments'}`;

  return (
    <section className={styles.section} aria-label="Comments">
      {list.shown.length > 0 ? (
        <ul className={styles.list}>
          {list.shown.map((comment) => (
            <li key={comment._id}>
              <CommentItem
                postId={post._id}
                comment={comment}
                onEdited={list.edited}
                onDeleted={list.deleted}
              />
            </li>
          ))}
        </ul>
      ) : (
        list.remaining === 0 && <p className={styles.empty}>No comments yet. Be the first to comment!</p>
      )}
      {list.remaining > 0 && (
        <Button variant="ghost" size="sm" busy={list.loading} onClick={list.showMore} className={styles.more}>
          {moreLabel}
        </Button>
      )}
      <AddComment postId={post._id} onAdded={list.added} />
    </section>
  );
}
