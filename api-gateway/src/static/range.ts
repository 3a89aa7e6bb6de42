/** One byte range of a representation, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A `Range: bytes=…` header against a representation of `size` bytes (RFC 9110 §14.1.2): one range (`a-b`, `a-`,
 * `-n`), clamped to the size; `'unsatisfiable'` when it starts past the end; null when there is no usable range
 * (another unit, a malformed header, several ranges), and the whole representation is sent. Several ranges would
 * need a multipart answer that no browser asks for on these files.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first !== '' && last !== '' && Number(last) < Number(first)) return null;
  if (size === 0) return 'unsatisfiable';
  if (first === '') {
    // The last n bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
