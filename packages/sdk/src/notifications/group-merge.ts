import { NOTIFICATION_GROUP_ACTORS, notificationGroupKey, ONE_PER_ACTOR_TYPES } from '@devcircle/contracts';
import type { AppNotification, AppNotificationGroup } from '../types';

/** The post's id: §3 allows the id itself or an object with `_id`. */
export function postIdOf(post: AppNotification['post']): string | null {
  if (post === null || post === undefined) return null;
  return typeof post === 'string' ? post : post._id || null;
}

/**
 * The groups after a pushed notification, and whether they are exactly what the server would answer now. A push
 * joins its unread group (`notificationGroupKey`) in place, which moves to the top; an unheld one starts a group.
 *
 * - Already counted (its _id is not newer than the group's newest): nothing changes (a push during a load, the
 *   server's answer holding it).
 * - Exact when the actor is one the group names, when every actor is named, or when the type allows one
 *   notification per actor (a like, a follow: a new one is a new actor). Otherwise the group's `actorCount` may be
 *   one too many, and so may a new group's `count` when older groups exist beyond the held ones (`hasMore`): the
 *   caller asks the server again.
 */
export function withPushed(
  groups: readonly AppNotificationGroup[],
  pushed: AppNotification,
  hasMore: boolean,
): { groups: AppNotificationGroup[]; exact: boolean } {
  const post = postIdOf(pushed.post);
  const id = notificationGroupKey(pushed.type, post);
  const index = groups.findIndex((group) => group._id === id);
  const held = index === -1 ? undefined : groups[index];
  if (held && pushed._id <= held.latestId) return { groups: [...groups], exact: true };
  const actor = pushed.fromUser;
  const others = groups.filter((_group, position) => position !== index);
  if (!held) {
    const group: AppNotificationGroup = {
      _id: id,
      type: pushed.type,
      post,
      actors: [actor],
      actorCount: 1,
      count: 1,
      read: false,
      latestId: pushed._id,
      createdAt: pushed.createdAt,
    };
    return { groups: [group, ...others], exact: !hasMore };
  }
  const named = actor !== null && held.actors.some((known) => known?._id === actor._id);
  const newActor =
    !named && (held.actorCount <= held.actors.length || ONE_PER_ACTOR_TYPES.includes(pushed.type));
  const group: AppNotificationGroup = {
    ...held,
    actors: [actor, ...held.actors.filter((known) => actor === null || known?._id !== actor._id)].slice(
      0,
      NOTIFICATION_GROUP_ACTORS,
    ),
    actorCount: named ? held.actorCount : held.actorCount + 1,
    count: held.count + 1,
    latestId: pushed._id,
    createdAt: pushed.createdAt,
  };
  return { groups: [group, ...others], exact: named || newActor };
}

/** An older page appended below `groups`, without the _ids already held. */
export function withOlderGroups(
  groups: readonly AppNotificationGroup[],
  page: readonly AppNotificationGroup[],
): AppNotificationGroup[] {
  const held = new Set(groups.map((group) => group._id));
  return [...groups, ...page.filter((group) => !held.has(group._id))];
}

/**
 * Another session marked everything up to `upTo` read: the unread groups wholly covered are read, under the _id
 * the server now gives them. Exact unless an unread group holds both older and newer ones (it is split there).
 */
export function withReadUpTo(
  groups: readonly AppNotificationGroup[],
  upTo: string,
): { groups: AppNotificationGroup[]; exact: boolean } {
  let exact = true;
  const next = groups.map((group) => {
    if (group.read) return group;
    if (group.latestId <= upTo) return { ...group, _id: `${group._id}:${upTo}`, read: true };
    if (group.count > 1) exact = false;
    return group;
  });
  return { groups: next, exact };
}

/** Another session deleted everything up to `upTo`: exact unless a group remains that may have held older ones. */
export function withClearedUpTo(
  groups: readonly AppNotificationGroup[],
  upTo: string,
): { groups: AppNotificationGroup[]; exact: boolean } {
  const kept = groups.filter((group) => group.latestId > upTo);
  return { groups: kept, exact: kept.every((group) => group.count === 1) };
}
