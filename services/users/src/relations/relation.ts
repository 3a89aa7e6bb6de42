import type { RelationKind } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';

/** One document of `relations`: `ownerId` blocks (or mutes) `targetId`. Unique per owner, kind and target. */
export interface Relation {
  _id: ObjectId;
  ownerId: ObjectId;
  targetId: ObjectId;
  kind: RelationKind;
  createdAt: Date;
}

export const CANNOT_RELATE_SELF = (kind: RelationKind): string => `You cannot ${kind} yourself`;
export const RELATIONS_FULL = (kind: RelationKind, max: number): string =>
  `You can ${kind} at most ${max.toLocaleString('en-US')} members. ${kind === 'block' ? 'Unblock' : 'Unmute'} someone first.`;
export const BLOCKED_FOLLOW = 'You cannot follow this member';
