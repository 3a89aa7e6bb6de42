import { MessageSquare } from 'lucide-react';
import { ROUTES, type UserRef } from '@devcircle/contracts';
import { AppLink, Avatar, IconLink } from '@devcircle/ui';
import styles from './FollowRow.module.css';

/** One person in a list: avatar, display name and @username (to the profile), and a message link. */
export function FollowRow({ user }: { user: UserRef }) {
  const name = user.displayName || user.username;
  return (
    <div className={styles.row}>
      <AppLink to={ROUTES.profile(user.username)} className={styles.person}>
        <Avatar name={name} colorKey={user._id} size="lg" />
        <span className={styles.names}>
          <span className={styles.name}>{name}</span>
          <span className={styles.handle}>@{user.username}</span>
        </span>
      </AppLink>
      <IconLink to={ROUTES.messagesWith(user.username)} label={`Message ${user.username}`}>
        <MessageSquare size={18} aria-hidden="true" />
      </IconLink>
    </div>
  );
}
