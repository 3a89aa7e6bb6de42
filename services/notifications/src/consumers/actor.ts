import { eventObjectId } from '@devcircle/service-kit';
import type { StoredEvent } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';

/** `actor {_id, username}` of a like, comment or follow event; undefined when it is malformed. */
export function actorOf(event: StoredEvent): { id: ObjectId; username: string } | undefined {
  const actor = event.actor as { _id?: unknown; username?: unknown } | undefined;
  const id = eventObjectId(actor?._id);
  if (!id || typeof actor?.username !== 'string') return undefined;
  return { id, username: actor.username };
}
