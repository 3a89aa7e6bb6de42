import type { ObjectId } from 'mongodb';

/** The caller as the posts service stores it: the user id as an ObjectId, and the name the token carries. */
export interface Caller {
  id: ObjectId;
  username: string;
}
