import type { ReactNode } from 'react';
import { CalendarDays } from 'lucide-react';
import { Avatar, formatJoinedDate } from '@devcircle/ui';
import type { ProfileView } from '../users/types';
import { CopyUsernameButton } from './CopyUsernameButton';
import styles from './ProfileHeader.module.css';

export interface ProfileHeaderProps {
  user: ProfileView;
  /** Edit Profile and Bookmarks for the owner, Follow / Following for others. */
  action?: ReactNode;
}

/** Avatar, display name (or username), @username with its copy button, 'Joined Month Year', the action. */
export function ProfileHeader({ user, action }: ProfileHeaderProps) {
  const name = user.displayName || user.username;
  const joined = formatJoinedDate(user.createdAt);
  return (
    <header className={styles.header}>
      <Avatar name={name} colorKey={user._id} size="xl" className={styles.avatar} />
      <div className={styles.identity}>
        <h1 className={styles.name}>{name}</h1>
        <div className={styles.handleRow}>
          <span className={styles.handle}>@{user.username}</span>
          <CopyUsernameButton username={user.username} />
        </div>
        {joined && (
          <p className={styles.joined}>
            <CalendarDays size={14} aria-hidden="true" />
            Joined {joined}
          </p>
        )}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </header>
  );
}
