import { UserRound } from 'lucide-react';
import { ROUTES, type UserRef } from '@devcircle/contracts';
import { formatDate, IconLink, UserLine } from '@devcircle/ui';
import { MoreButton } from '../more/MoreButton';
import type { Post } from '../posts/types';
import { DeletePostButton } from './DeletePostButton';

export interface PostHeaderProps {
  author: UserRef;
  /** For the ⋯ menu (its items depend on the post and on whose it is). */
  post: Post;
  createdAt: string;
  /** The owner gets the delete control; others a link to the author's profile. */
  isOwner: boolean;
  onDelete(): Promise<void>;
}

/**
 * Avatar, author name (to the profile), 'posted on' date, the owner's delete or the view-profile icon, and the ⋯
 * menu (block, mute, report…, loaded when first opened).
 */
export function PostHeader({ author, post, createdAt, isOwner, onDelete }: PostHeaderProps) {
  const name = author.displayName || author.username;
  return (
    <UserLine
      as="header"
      user={author}
      size="lg"
      meta={
        <>
          posted on <time dateTime={createdAt}>{formatDate(createdAt)}</time>
        </>
      }
      trailing={
        <div style={{ display: 'flex' }}>
          {isOwner ? (
            <DeletePostButton onConfirm={onDelete} />
          ) : (
            <IconLink
              to={ROUTES.profile(author.username)}
              label={`View ${name}'s profile`}
              title="View profile"
            >
              <UserRound size={18} aria-hidden="true" />
            </IconLink>
          )}
          <MoreButton label="More actions for this post" target={{ kind: 'post', post, isOwn: isOwner }} />
        </div>
      }
    />
  );
}
