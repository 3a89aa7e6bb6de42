import type { Logger } from '../logger';

export type RevocationListener = (userId: string, tokenVersion: number) => void;

/**
 * `userId → highest revoked token version`, in memory: the per-request check is one map lookup. Fed by the
 * poller (every process that follows revocations, within a second) and, in the gateway, by
 * `x-devcircle-revoked` response headers (at once).
 */
export class RevocationList {
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Set<RevocationListener>();

  /** `logger` reports a listener that threw (the list and the other listeners carry on regardless). */
  constructor(private readonly options: { logger?: Logger } = {}) {}

  apply(userId: string, tokenVersion: number): void {
    if (!userId || !Number.isFinite(tokenVersion)) return;
    if (tokenVersion <= (this.versions.get(userId) ?? -Infinity)) return;
    this.versions.set(userId, tokenVersion);
    for (const listener of this.listeners) {
      // The list is fed from the poller and from proxied responses: a listener's failure must not break either.
      try {
        listener(userId, tokenVersion);
      } catch (err) {
        this.options.logger?.error({ err, userId, tokenVersion }, 'revocation listener failed');
      }
    }
  }

  /** Applies `<userId>:<tokenVersion>` (several may be comma-separated); ignores anything malformed. */
  applyHeader(value: string): void {
    for (const entry of value.split(',')) {
      const separator = entry.lastIndexOf(':');
      if (separator <= 0) continue;
      const version = Number(entry.slice(separator + 1).trim());
      if (Number.isInteger(version)) this.apply(entry.slice(0, separator).trim(), version);
    }
  }

  /** A token is revoked when its version is below the latest bump recorded for its user. */
  isRevoked(userId: string, tokenVersion: number): boolean {
    const current = this.versions.get(userId);
    return current !== undefined && tokenVersion < current;
  }

  /**
   * Calls `listener` each time `apply` raises a user's version (a repeat or an older version changes nothing and
   * calls nothing), e.g. to disconnect that user's sockets. Returns the function that unsubscribes it.
   */
  onRevoked(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get size(): number {
    return this.versions.size;
  }
}
