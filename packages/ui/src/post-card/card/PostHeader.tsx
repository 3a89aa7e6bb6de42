import { UserRound } from 'lucide-react';
import { ROUTES, type UserRef } from '@devcircle/contracts';
import { formatDate, IconLink, UserLine } from '@devcircle/ui';
import { DeletePostButton } from './DeletePostButton';

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
        isOwner ? (
          <DeletePostButton onConfirm={onDelete} />
        ) : (
          <IconLink
            to={ROUTES.profile(author.username)}
            label={`View ${name}'s profile`}
            title="View profile"
          >
            <UserRound size={18} aria-hidden="true" />
          </IconLink>
        )
      }
    />
  );
}
