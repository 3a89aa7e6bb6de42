import type { ObjectId } from 'mongodb';

/** One document of `follows`: `followerId` follows `followeeId`. The pair is unique. */
export interface Follow {
  _id: ObjectId;
  followerId: ObjectId;
  followeeId: ObjectId;
  createdAt: Date;
}
