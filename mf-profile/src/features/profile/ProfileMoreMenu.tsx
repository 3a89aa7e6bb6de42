import type { RelationFlags } from '@devcircle/contracts';
import { Alert } from '@devcircle/ui';
import { MoreButton } from '@devcircle/ui/post-card';
import type { ProfileResponse } from '../users/types';

interface ProfileMoreMenuProps {
  data: ProfileResponse;
  update(change: (data: ProfileResponse) => ProfileResponse): void;
  refetch(): Promise<void>;
}

const flagsOf = (data: ProfileResponse): RelationFlags => ({
  blockedByMe: data.blockedByMe === true,
  mutedByMe: data.mutedByMe === true,
});

/**
 * The ⋯ menu of someone else's profile: block / unblock, mute / unmute (issue 20), and what other features add
 * (the card menu's sources, @devcircle/ui/post-card). After a change the profile is read again: a block ends the
 * follows and hides their posts.
 */
export function ProfileMoreMenu({ data, update, refetch }: ProfileMoreMenuProps) {
  const { _id, username, displayName } = data.user;
  return (
    <MoreButton
      label={`More actions for @${username}`}
      target={{
        kind: 'profile',
        user: { _id, username, displayName },
        relations: flagsOf(data),
        onRelationsChange: (next) => {
          update((current) => ({
            ...current,
            blockedByMe: next.blockedByMe || undefined,
            mutedByMe: next.mutedByMe || undefined,
          }));
          void refetch();
        },
      }}
    />
  );
}

/** Over a profile the viewer blocks or mutes: why its posts are not shown, and where to take it back. */
export function RelationNotice({ data }: { data: ProfileResponse }) {
  const { blockedByMe, mutedByMe } = flagsOf(data);
  if (!blockedByMe && !mutedByMe) return null;
  const name = `@${data.user.username}`;
  return (
    <Alert tone="info">
      {blockedByMe
        ? `You blocked ${name}. You don't see each other's posts, and they can't follow you.`
        : `You muted ${name}. Their posts and comments are hidden from you.`}{' '}
      Undo it from the ⋯ menu or in Settings.
    </Alert>
  );
}
