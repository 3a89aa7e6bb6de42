import { ArrowUpRight, Heart, MessageCircle } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, Card, formatDate, UserLine } from '@devcircle/ui';
import type { ProfilePost } from '../users/types';
import { DeletePostControl } from './DeletePostControl';
import { PostCode } from './PostCode';
import styles from './ProfilePostItem.module.css';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface ProfilePostItemProps {
  post: ProfilePost;
  /** The owner's delete; absent for everyone else. */
  onDelete?: () => Promise<boolean>;
}

/** A compact post: author line, text (as text, line breaks kept), code, like and comment counts, View Details. */
export function ProfilePostItem({ post, onDelete }: ProfilePostItemProps) {
  const name = post.author.displayName || post.author.username;
  return (
    <Card as="article" padding="lg" aria-label={`Post by ${name}`}>
      <UserLine
        as="header"
        user={post.author}
        meta={
          <>
            posted on <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          </>
        }
        trailing={onDelete && <DeletePostControl onConfirm={onDelete} />}
      />
      <p className={styles.content}>{post.content}</p>
      {post.codeSnippet && <PostCode code={post.codeSnippet} language={post.codeLanguage} />}
      <footer className={styles.footer}>
        <span className={styles.count}>
          <Heart size={16} aria-hidden="true" />
          {plural(post.likes, 'like', 'likes')}
        </span>
        <span className={styles.count}>
          <MessageCircle size={16} aria-hidden="true" />
          {plural(post.commentsCount, 'comment', 'comments')}
        </span>
        <AppLink to={ROUTES.post(post._id)} className={styles.details}>
          View Details
          <ArrowUpRight size={16} aria-hidden="true" />
        </AppLink>
      </footer>
    </Card>
  );
}
