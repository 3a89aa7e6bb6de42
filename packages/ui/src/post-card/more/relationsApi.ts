import { relationPath, type RelationAnswer, type RelationKind } from '@devcircle/contracts';
import type { ApiClient } from '@devcircle/sdk';

/** Blocks or mutes `username` (`active`), or takes it back; idempotent either way (services/users README). */
export function setRelation(
  api: ApiClient,
  username: string,
  kind: RelationKind,
  active: boolean,
): Promise<RelationAnswer> {
  const path = relationPath(username, kind);
  const fallbackMessage = `Could not ${active ? '' : 'un'}${kind} @${username}. Please try again.`;
  return active ? api.put(path, undefined, { fallbackMessage }) : api.delete(path, { fallbackMessage });
}
