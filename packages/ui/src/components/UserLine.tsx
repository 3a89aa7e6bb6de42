import type { ReactNode } from 'react';
import { ROUTES, type UserRef } from '@devcircle/contracts';
import { AppLink } from '../navigation/AppLink';
import { Avatar } from './Avatar';
import { cx } from './cx';
import styles from './UserLine.module.css';

/** A member as records carry them (the contract's UserRef); a missing display name shows the username. */
export type UserLineUser = Pick<UserRef, '_id' | 'username'> & { displayName?: string | null };

export interface UserLineProps {
  user: UserLineUser;
  /** The small line under the name, e.g. 'posted on …'. */
  meta?: ReactNode;
  /** The avatar's size (the text stays the same). Default `md`. */
  size?: 'sm' | 'md' | 'lg';
  /** At the end of the line: a menu, a delete control, an icon link. */
  trailing?: ReactNode;
  /** `header` for the author line at the top of an article or section. Default `div`. */
  as?: 'header' | 'div';
  className?: string;
}

/** Avatar, the name (display name, else username) linking to /profile/{username}, a meta line and a trailing control. */
export function UserLine({
  user,
  meta,
  size = 'md',
  trailing,
  as: Element = 'div',
  className,
}: UserLineProps) {
  const name = user.displayName || user.username;
  return (
    <Element className={cx(styles.line, className)}>
      <Avatar name={name} colorKey={user._id} size={size} />
      <div className={styles.text}>
        <AppLink to={ROUTES.profile(user.username)} className={styles.name}>
          {name}
        </AppLink>
        {meta !== undefined && <span className={styles.meta}>{meta}</span>}
      </div>
      {trailing}
    </Element>
  );
}
