import type { CursorPage } from './pagination';
import type { UserRef } from './users';

/**
 * Block and mute (issue 20, docs/safety.md). The users service owns both relations and records every change in
 * `relation_events`; the posts and notifications services keep their own copy from those events.
 *
 * - **block**: each of the two stops seeing the other (the blocked member finds the blocker "not found"), follows
 *   between them end both ways, and neither can follow, like, comment on, mention or notify the other.
 * - **mute**: the muter stops seeing the muted member's posts, comments and notifications; nobody else notices.
 */
export const RELATION_KINDS = ['block', 'mute'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** How many members one member may block, and how many they may mute (each its own cap). */
export const RELATIONS_MAX = 10_000;

/** Relation lists come 20 to a page (cursor paging). */
export const RELATIONS_PAGE_SIZE = 20;

/** `PUT` blocks (or mutes), `DELETE` takes it back; both idempotent, both answer `RelationAnswer`. */
export const relationPath = (username: string, kind: RelationKind): string =>
  `/api/users/${encodeURIComponent(username)}/${kind}`;

/** The answer to `PUT`/`DELETE /api/users/:username/block` (or `/mute`): whether the relation holds now. */
export interface RelationAnswer {
  user: UserRef;
  kind: RelationKind;
  active: boolean;
}

/** One row of the caller's blocked or muted accounts, newest first. */
export interface RelatedAccount extends UserRef {
  /** When the caller blocked (or muted) them. */
  since: string;
}

/** `GET /api/users/me/blocks` (or `/mutes`) `?limit=&before=`: `before` is the last page's `nextCursor`. */
export interface RelationsPage extends CursorPage {
  users: RelatedAccount[];
}

/** One page of the caller's blocked (`block`) or muted (`mute`) accounts. */
export function relationsPagePath(kind: RelationKind, before: string | null = null): string {
  const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
  return `/api/users/me/${kind}s?limit=${RELATIONS_PAGE_SIZE}${cursor}`;
}

/** The caller's relation to a profile, in `GET /api/users/:username` (absent on one's own profile). */
export interface RelationFlags {
  blockedByMe: boolean;
  mutedByMe: boolean;
}
