import { Binary, type Document } from 'bson';
import type { Doc } from '../query/document';

/** The logical sessions clients have used lately (what `$listLocalSessions` shows), forgotten after 30 idle minutes. */
export class LocalSessions {
  private readonly sessions = new Map<string, { id: Binary; lastUse: Date }>();

  note(body: Document): void {
    const id = (body.lsid as Document | undefined)?.id;
    if (!(id instanceof Binary)) return;
    const key = id.toString('hex');
    const known = this.sessions.get(key);
    if (known) known.lastUse = new Date();
    else this.sessions.set(key, { id, lastUse: new Date() });
  }

  list(): Doc[] {
    return [...this.sessions.values()].map(({ id, lastUse }) => ({ _id: { id }, lastUse }));
  }

  sweep(idleMs = 30 * 60_000): void {
    const cutoff = Date.now() - idleMs;
    for (const [key, session] of this.sessions)
      if (session.lastUse.getTime() < cutoff) this.sessions.delete(key);
  }
}
