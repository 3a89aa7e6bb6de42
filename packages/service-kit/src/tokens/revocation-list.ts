import type { Logger } from '../logger';

export type RevocationListener = (userId: string, tokenVersion: number) => void;

/**
 * Where a token's version stands against its account's: below it (`revoked`), equal to it (`current`; an account
 * the list knows nothing of is at 0), or above it (`ahead`: just issued on another instance, or forged).
 */
export type TokenVersionStatus = 'revoked' | 'current' | 'ahead';

/**
 * What keeps the list up to date (the revocation feed attaches itself): whether it has read every revocation
 * once, and a way to learn an account's latest version now. `catchUp` never rejects.
 */
export interface RevocationSync {
  readonly loaded: boolean;
  catchUp(userId: string): Promise<void>;
}

/**
 * `userId → the account's current token version` (the latest revocation recorded; auth keeps the latest of each
 * account for good, so an account missing here is at 0), in memory: the per-request check is one map lookup.
 * Fed by the revocation feed (a change stream on auth's `token_revocations`, in every process that checks tokens)
 * and, in the gateway, by `x-devcircle-revoked` response headers (at once).
 */
export class RevocationList {
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Set<RevocationListener>();
  private sync: RevocationSync | undefined;

  /** `logger` reports a listener that threw (the list and the other listeners carry on regardless). */
  constructor(private readonly options: { logger?: Logger } = {}) {}

  apply(userId: string, tokenVersion: number): void {
    if (!userId || !Number.isFinite(tokenVersion)) return;
    if (tokenVersion <= (this.versions.get(userId) ?? -Infinity)) return;
    this.versions.set(userId, tokenVersion);
    for (const listener of this.listeners) {
      // The list is fed from the feed and from proxied responses: a listener's failure must not break either.
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
    return this.status(userId, tokenVersion) === 'revoked';
  }

  /** Where `tokenVersion` stands against what the list knows now (0 for a user it has no entry for). */
  status(userId: string, tokenVersion: number): TokenVersionStatus {
    const current = this.versions.get(userId) ?? 0;
    if (tokenVersion < current) return 'revoked';
    return tokenVersion === current ? 'current' : 'ahead';
  }

  /** Called by the feed that keeps this list (one per list). */
  attach(sync: RevocationSync): void {
    this.sync = sync;
  }

  /**
   * Whether a token of this version is accepted. Versions grow by unguessable steps, so a version above the
   * known one is either a token just issued (its revocation not streamed here yet) or a forgery: the list then
   * reads the account's latest revocation (`catchUp`) and decides again; still ahead, it is refused. Before the
   * first complete load (auth may be down at start) being ahead is not held against a token: the list does
   * not know every account's version yet.
   */
  async accepts(userId: string, tokenVersion: number): Promise<boolean> {
    const status = this.status(userId, tokenVersion);
    if (status !== 'ahead') return status === 'current';
    const sync = this.sync;
    if (!sync?.loaded) return true;
    await sync.catchUp(userId);
    return this.status(userId, tokenVersion) === 'current';
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
