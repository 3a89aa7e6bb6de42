import type { EventActor } from '@devcircle/contracts';
import { eventObjectId } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';

/**
 * `actor {_id, username}` of a like, comment or follow event; undefined when it is malformed (the payload is
 * typed, but another process wrote it, so it is checked rather than trusted).
 */
export function actorOf(event: {
  actor?: EventActor<ObjectId>;
}): { id: ObjectId; username: string } | undefined {
  const id = eventObjectId(event.actor?._id);
  const username: unknown = event.actor?.username;
  if (!id || typeof username !== 'string') return undefined;
  return { id, username };
}
