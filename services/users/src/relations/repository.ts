import type { RelationKind } from '@devcircle/contracts';
import { ObjectId, type ClientSession, type Collection, type Db } from 'mongodb';
import { RELATIONS } from './indexes';
import type { Relation } from './relation';

/** Every access to `relations` (blocks and mutes). */
export class RelationRepository {
  private readonly relations: Collection<Relation>;

  constructor(db: Db) {
    this.relations = db.collection<Relation>(RELATIONS);
  }

  /**
   * Inside a transaction (relate.ts), which `exists` asked first: a duplicate key there would abort the whole
   * transaction, so the unique index only settles a race between processes (the loser's transaction fails).
   */
  async insert(
    ownerId: ObjectId,
    targetId: ObjectId,
    kind: RelationKind,
    session: ClientSession,
  ): Promise<void> {
    await this.relations.insertOne(
      { _id: new ObjectId(), ownerId, targetId, kind, createdAt: new Date() },
      { session },
    );
  }

  async exists(
    ownerId: ObjectId,
    targetId: ObjectId,
    kind: RelationKind,
    session?: ClientSession,
  ): Promise<boolean> {
    const found = await this.relations.findOne(
      { ownerId, kind, targetId },
      { projection: { _id: 1 }, session },
    );
    return found !== null;
  }

  async remove(
    ownerId: ObjectId,
    targetId: ObjectId,
    kind: RelationKind,
    session?: ClientSession,
  ): Promise<boolean> {
    const result = await this.relations.deleteOne({ ownerId, kind, targetId }, { session });
    return result.deletedCount === 1;
  }

  /** How many members `ownerId` blocks (mutes), counted on the owner's index up to `max`. */
  count(ownerId: ObjectId, kind: RelationKind, max: number, session?: ClientSession): Promise<number> {
    return this.relations.countDocuments({ ownerId, kind }, { limit: max, session });
  }

  /** Whether either of the two blocks the other (one `$or` on the unique index). */
  async blockedEitherWay(a: ObjectId, b: ObjectId): Promise<boolean> {
    const found = await this.relations.findOne(
      {
        kind: 'block',
        $or: [
          { ownerId: a, targetId: b },
          { ownerId: b, targetId: a },
        ],
      },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  /** What `ownerId` holds against `targetId`: blocked, muted, and whether `targetId` blocks `ownerId`. */
  async between(
    ownerId: ObjectId,
    targetId: ObjectId,
  ): Promise<{ blocks: boolean; mutes: boolean; blockedBy: boolean }> {
    const found = await this.relations
      .find(
        {
          $or: [
            { ownerId, targetId },
            { ownerId: targetId, targetId: ownerId, kind: 'block' },
          ],
        },
        { projection: { ownerId: 1, kind: 1 } },
      )
      .toArray();
    const mine = found.filter((relation) => relation.ownerId.equals(ownerId));
    return {
      blocks: mine.some((relation) => relation.kind === 'block'),
      mutes: mine.some((relation) => relation.kind === 'mute'),
      blockedBy: found.some((relation) => !relation.ownerId.equals(ownerId)),
    };
  }

  /**
   * Of `others`, those hidden from `viewer` by a block either way (hex ids): lists and search leave them out.
   * One `$or` of two `$in`s on the owner's and the target's indexes.
   */
  async blockedAmong(viewer: ObjectId, others: ObjectId[]): Promise<Set<string>> {
    if (others.length === 0) return new Set();
    const found = await this.relations
      .find(
        {
          kind: 'block',
          $or: [
            { ownerId: viewer, targetId: { $in: others } },
            { targetId: viewer, ownerId: { $in: others } },
          ],
        },
        { projection: { ownerId: 1, targetId: 1 } },
      )
      .toArray();
    return new Set(
      found.map((relation) =>
        (relation.ownerId.equals(viewer) ? relation.targetId : relation.ownerId).toHexString(),
      ),
    );
  }

  /** One page of `ownerId`'s blocked (muted) accounts, newest first, older than `before` (a relation id). */
  page(
    ownerId: ObjectId,
    kind: RelationKind,
    before: ObjectId | undefined,
    limit: number,
  ): Promise<Relation[]> {
    return this.relations
      .find({ ownerId, kind, ...(before ? { _id: { $lt: before } } : {}) })
      .sort({ _id: -1 })
      .limit(limit)
      .toArray();
  }

  /** Every relation the member is in, either side (account deletion). */
  async removeUser(userId: ObjectId): Promise<void> {
    await this.relations.deleteMany({ ownerId: userId });
    await this.relations.deleteMany({ targetId: userId });
  }
}
