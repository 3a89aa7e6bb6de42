/**
 * Splits a TCP byte stream into whole wire-protocol messages. Chunks are kept in a list and joined once per
 * message, so a large message arriving in many chunks costs one copy, not one per chunk.
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private size = 0;
  private expected = -1;

  constructor(private readonly maxLength: number) {}

  /** Adds received bytes; returns the messages now complete. Throws on a length no valid message has. */
  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.size += chunk.length;
    const messages: Buffer[] = [];
    for (;;) {
      if (this.expected < 0) {
        if (this.size < 4) break;
        if (this.chunks[0].length < 4) this.chunks = [Buffer.concat(this.chunks, this.size)];
        const length = this.chunks[0].readInt32LE(0);
        if (length < 16 || length > this.maxLength) throw new Error(`invalid message length ${length}`);
        this.expected = length;
      }
      if (this.size < this.expected) break;
      const joined = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size);
      messages.push(joined.subarray(0, this.expected));
      const rest = joined.subarray(this.expected);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.size = rest.length;
      this.expected = -1;
    }
    return messages;
  }
}
