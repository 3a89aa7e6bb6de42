import { Ban, Link, Volume2, VolumeX } from 'lucide-react';
import { ROUTES, type RelationKind, type UserRef } from '@devcircle/contracts';
import { BlockDialog } from './BlockDialog';
import { hideAuthor } from './hiddenAuthors';
import { setRelation } from './relationsApi';
import type { MoreMenuItem, MoreMenuSource, MoreMenuTools } from './types';

/** Mute and block someone from their post or comment: their cards vanish at once, the card chosen from says so. */
function fromContent(user: UserRef, atPost: string | undefined, tools: MoreMenuTools): MoreMenuItem[] {
  const act = async (kind: RelationKind) => {
    await setRelation(tools.api, user.username, kind, true);
    hideAuthor(user._id, { kind, username: user.username, atPost });
  };
  return [
    {
      key: 'mute',
      label: `Mute @${user.username}`,
      icon: VolumeX,
      onSelect: () => void act('mute').catch((error: unknown) => console.error('Failed to mute', error)),
    },
    {
      key: 'block',
      label: `Block @${user.username}`,
      icon: Ban,
      tone: 'danger',
      onSelect: () =>
        tools.openDialog((close) => (
          <BlockDialog username={user.username} onConfirm={() => act('block')} onClose={close} />
        )),
    },
  ];
}

/** The link to a post, copied (every post, one's own too). */
function copyLink(postId: string): MoreMenuItem {
  return {
    key: 'copy-link',
    label: 'Copy link to post',
    icon: Link,
    onSelect: () =>
      void navigator.clipboard
        ?.writeText(`${window.location.origin}${ROUTES.post(postId)}`)
        .catch((error: unknown) => console.error('Failed to copy the link', error)),
  };
}

/** Block and mute (issue 20): on others' posts and comments, and on a profile (block / unblock, mute / unmute). */
export const relationItems: MoreMenuSource = (target, tools) => {
  if (target.kind === 'post')
    return [
      copyLink(target.post._id),
      ...(target.isOwn ? [] : fromContent(target.post.author, target.post._id, tools)),
    ];
  if (target.kind === 'comment')
    return target.isOwn || !target.comment.user ? [] : fromContent(target.comment.user, undefined, tools);
  const { user, relations, onRelationsChange } = target;
  if (user._id === tools.viewerId) return [];
  const change = async (kind: RelationKind, active: boolean) => {
    await setRelation(tools.api, user.username, kind, active);
    onRelationsChange?.({ ...relations, [kind === 'block' ? 'blockedByMe' : 'mutedByMe']: active });
  };
  const logged = (work: Promise<void>) => void work.catch((error: unknown) => console.error(error));
  return [
    relations.mutedByMe
      ? {
          key: 'unmute',
          label: `Unmute @${user.username}`,
          icon: Volume2,
          onSelect: () => logged(change('mute', false)),
        }
      : {
          key: 'mute',
          label: `Mute @${user.username}`,
          icon: VolumeX,
          onSelect: () => logged(change('mute', true)),
        },
    relations.blockedByMe
      ? {
          key: 'unblock',
          label: `Unblock @${user.username}`,
          icon: Ban,
          onSelect: () => logged(change('block', false)),
        }
      : {
          key: 'block',
          label: `Block @${user.username}`,
          icon: Ban,
          tone: 'danger',
          onSelect: () =>
            tools.openDialog((close) => (
              <BlockDialog username={user.username} onConfirm={() => change('block', true)} onClose={close} />
            )),
        },
  ];
};
