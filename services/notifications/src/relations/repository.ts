import type { RelationKind } from '@devcircle/contracts';
import { isDuplicateKey } from '@devcircle/service-kit';
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
   */
  async silenced(pairs: { recipientId: ObjectId; actorId: ObjectId }[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const recipients = pairs.map((pair) => pair.recipientId);
    const actors = pairs.map((pair) => pair.actorId);
    const projection = { _id: 0, ownerId: 1, targetId: 1 } as const;
    const [byRecipients, byActors] = await Promise.all([
      this.relations
        .find({ ownerId: { $in: recipients }, targetId: { $in: actors }, active: true }, { projection })
        .toArray(),
      this.relations
        .find(
          { targetId: { $in: recipients }, ownerId: { $in: actors }, kind: 'block', active: true },
          { projection },
        )
        .toArray(),
    ]);
    const silenced = new Set<string>();
    for (const { ownerId, targetId } of byRecipients)
      silenced.add(`${ownerId.toHexString()}:${targetId.toHexString()}`);
    for (const { ownerId, targetId } of byActors)
      silenced.add(`${targetId.toHexString()}:${ownerId.toHexString()}`);
    return silenced;
  }

  /** Every relation the member is in, either side (account deletion). */
  async removeUser(userId: ObjectId): Promise<void> {
    await this.relations.deleteMany({ ownerId: userId });
    await this.relations.deleteMany({ targetId: userId });
  }
}
