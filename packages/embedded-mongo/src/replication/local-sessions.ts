import { Binary, type Document } from 'bson';
import type { Doc } from '../query/document';

/** Sessions idle for longer than this are forgotten, with their retryable writes and transactions (mongod's 30 min). */
export const SESSION_IDLE_MS = 30 * 60_000;

/** A session's key: its `lsid.id` in hex; undefined for a command without a session. */
export function sessionKey(lsid: unknown): string | undefined {
  const id = (lsid as Document | undefined)?.id;
  return id instanceof Binary ? id.toString('hex') : undefined;
}

/** The logical sessions clients have used lately (what `$listLocalSessions` shows), forgotten after 30 idle minutes. */
export class LocalSessions {
  private readonly sessions = new Map<string, { id: Binary; lastUse: Date }>();

  note(body: Document): void {
    const key = sessionKey(body.lsid);
    if (key === undefined) return;
    const id = (body.lsid as { id: Binary }).id;
    const known = this.sessions.get(key);
    if (known) known.lastUse = new Date();
    else this.sessions.set(key, { id, lastUse: new Date() });
  }

  list(): Doc[] {
    return [...this.sessions.values()].map(({ id, lastUse }) => ({ _id: { id }, lastUse }));
  }

  sweep(idleMs = SESSION_IDLE_MS): void {
    const cutoff = Date.now() - idleMs;
    for (const [key, session] of this.sessions)
      if (session.lastUse.getTime() < cutoff) this.sessions.delete(key);
  }
}
