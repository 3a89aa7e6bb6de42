import { UserRound } from 'lucide-react';
import { AppLink, Avatar, formatDate } from '@devcircle/ui';
import type { UserRef } from '../posts/types';
import { DeletePostButton } from './DeletePostButton';
import styles from './PostHeader.module.css';

export interface PostHeaderProps {
  author: UserRef;
  createdAt: string;
  /** The owner gets the delete control; others a link to the author's profile. */
  isOwner: boolean;
  onDelete(): Promise<void>;
}

/** Avatar, author name (to the profile), 'posted on' date, and the owner's delete or the view-profile icon. */
export function PostHeader({ author, createdAt, isOwner, onDelete }: PostHeaderProps) {
  const name = author.displayName || author.username;
  const profilePath = `/profile/${encodeURIComponent(author.username)}`;
  return (
    <header className={styles.header}>
      <Avatar name={name} colorKey={author._id} size="lg" />
      <div className={styles.meta}>
        <AppLink to={profilePath} className={styles.name}>
          {name}
        </AppLink>
        <span className={styles.date}>
          posted on <time dateTime={createdAt}>{formatDate(createdAt)}</time>
        </span>
      </div>
      {isOwner ? (
        <DeletePostButton onConfirm={onDelete} />
      ) : (
        <AppLink
          to={profilePath}
          className={styles.profileLink}
          aria-label={`View ${name}'s profile`}
          title="View profile"
        >
          <UserRound size={18} aria-hidden="true" />
        </AppLink>
      )}
    </header>
  );
}
