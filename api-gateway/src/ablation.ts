/**
 * Pieces of a proxied read's work that the ablation bench (bench/api/ablation.ts) can turn off one at a time, to
 * measure each by its absence: a profile's self time misses what a piece costs elsewhere (garbage collection,
 * objects V8 reads slowly, promises). Only that bench's own gateway entry passes them, in code
 * (`GatewayOptions.ablate`); no setting or request reaches them, and a gateway started any other way does all of
 * its work.
 */
export const ABLATABLE = [
  /** The request's log line. */
  'logLine',
  /** The security headers, `Vary` and `X-Request-Id` on the answer. */
  'answerHeaders',
  /** The latency histogram's observation. */
  'histogram',
  /** A new request id (UUID) and trace span per request: a fixed id and trace instead. */
  'ids',
  /** The token lookup and revocation check: the last request's token reused for the same `Authorization`. */
  'tokenLookup',
  /** `forward`'s failover loop, attempt records and promise layers: one undici exchange with the first instance. */
  'forwardLayers',
  /** The header copies: the client's headers to undici as they came, the service's straight to `writeHead`. */
  'headerCopy',
  /**
   * All of the fast path's own code: a read on a known route is forwarded at once, as the minimal undici proxy
   * forwards it (no token, request context, headers, log line or histogram). What is left is the process.
   */
  'fastPath',
] as const;

export type AblatedPiece = (typeof ABLATABLE)[number];

/** Which pieces are off; empty for every real gateway. */
export type Ablation = ReadonlySet<AblatedPiece>;

export const NOTHING_ABLATED: Ablation = new Set();
