import type { RelationKind } from '@devcircle/contracts';
import { distinctIds, isDuplicateKey } from '@devcircle/service-kit';
import type { Collection, Db, IndexDescription, ObjectId } from 'mongodb';

/**
 * The notifications service's copy of blocks and mutes (`relation_events`, docs/safety.md): one document per
 * owner, target and kind; taking one back keeps it with `active: false`, so its event `_id` stops an older event.
 */
export interface StoredRelation {
  _id: ObjectId;
  ownerId: ObjectId;
  targetId: ObjectId;
  kind: RelationKind;
  active: boolean;
  eventId: ObjectId;
  updatedAt: Date;
}

export const NOTIFICATION_RELATIONS = 'notification_relations';

const INDEXES: IndexDescription[] = [
  // One per pair and kind (the upsert relies on it); its prefix answers "whom do these recipients block or mute".
  { key: { ownerId: 1, targetId: 1, kind: 1 }, name: 'owner_target_kind', unique: true },
  // "Who of these actors blocks these recipients".
  { key: { targetId: 1, ownerId: 1 }, name: 'target_owner' },
];

export async function ensureRelationIndexes(db: Db): Promise<void> {
  await db.collection(NOTIFICATION_RELATIONS).createIndexes(INDEXES);
}

/** Up to this many members on each side, the relation reads bound both (see `silenced`). */
const FEW = 4;

const pairKey = (recipientId: ObjectId, actorId: ObjectId): string =>
  `${recipientId.toHexString()}:${actorId.toHexString()}`;

export class RelationRepository {
  private readonly relations: Collection<StoredRelation>;

  constructor(db: Db) {
    this.relations = db.collection<StoredRelation>(NOTIFICATION_RELATIONS);
  }

  async apply(ownerId: ObjectId, targetId: ObjectId, kind: RelationKind, active: boolean, eventId: ObjectId) {
    try {
      await this.relations.updateOne(
        { ownerId, targetId, kind, eventId: { $lte: eventId } },
        { $set: { active, eventId, updatedAt: new Date() } },
        { upsert: true },
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Of the (recipient, actor) pairs, those that must not notify (hex `recipient:actor`): the recipient blocks or
   * mutes the actor, or the actor blocks the recipient. Two reads side by side, each on its index.
   *
   * Bounding both sides asks the index for every recipient × actor combination: right for a few pairs (a live
   * event), but a batch of 500 likes by 500 members on 500 posts would be 250,000 lookups. When one side has more
   * than a few members, the reads are bounded by the other, smaller side only (the relations of those members,
   * usually none, the rest dropped here): a backlog of one member's likes is two lookups.
   */
  async silenced(pairs: { recipientId: ObjectId; actorId: ObjectId }[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const recipients = distinctIds(pairs.map((pair) => pair.recipientId));
    const actors = distinctIds(pairs.map((pair) => pair.actorId));
    const bySide = Math.max(recipients.length, actors.length) > FEW;
    const byRecipients = !bySide || recipients.length <= actors.length;
    const byActors = !bySide || !byRecipients;
    const projection = { _id: 0, ownerId: 1, targetId: 1 } as const;
    const [recipientsSilence, actorsBlock] = await Promise.all([
      this.relations
        .find(
          {
            ...(byRecipients ? { ownerId: { $in: recipients } } : {}),
            ...(byActors ? { targetId: { $in: actors } } : {}),
            active: true,
          },
          { projection },
        )
        .toArray(),
      this.relations
        .find(
          {
            ...(byRecipients ? { targetId: { $in: recipients } } : {}),
            ...(byActors ? { ownerId: { $in: actors } } : {}),
            kind: 'block',
            active: true,
          },
          { projection },
        )
        .toArray(),
    ]);
    const asked = new Set(pairs.map((pair) => pairKey(pair.recipientId, pair.actorId)));
    const silenced = new Set<string>();
    for (const { ownerId, targetId } of recipientsSilence) silenced.add(pairKey(ownerId, targetId));
    for (const { ownerId, targetId } of actorsBlock) silenced.add(pairKey(targetId, ownerId));
    return new Set([...silenced].filter((pair) => asked.has(pair)));
  }

  /** Every relation the member is in, either side (account deletion). */
  async removeUser(userId: ObjectId): Promise<void> {
    await this.relations.deleteMany({ ownerId: userId });
    await this.relations.deleteMany({ targetId: userId });
  }
}
