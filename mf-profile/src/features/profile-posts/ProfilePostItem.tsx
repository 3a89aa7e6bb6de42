import { ArrowUpRight, Heart, MessageCircle } from 'lucide-react';
import { AppLink, Avatar, formatDate } from '@devcircle/ui';
import { postPath, profilePath } from '../users/paths';
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
    <article className={styles.post} aria-label={`Post by ${name}`}>
      <header className={styles.header}>
        <Avatar name={name} colorKey={post.author._id} size="md" />
        <div className={styles.meta}>
          <AppLink to={profilePath(post.author.username)} className={styles.name}>
            {name}
          </AppLink>
          <span className={styles.date}>
            posted on <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          </span>
        </div>
        {onDelete && <DeletePostControl onConfirm={onDelete} />}
      </header>
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
        <AppLink to={postPath(post._id)} className={styles.details}>
          View Details
          <ArrowUpRight size={16} aria-hidden="true" />
        </AppLink>
      </footer>
    </article>
  );
}
