/** The encodings a built file can be sent in: its brotli copy, its gzip copy, or the file itself. */
export type Coding = 'br' | 'gzip' | 'identity';

/** On equal q-values the smaller copy wins. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];

/** `Accept-Encoding` as coding → q-value (RFC 9110 §12.5.3); `x-gzip` is gzip, malformed q-values count as 0. */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*(.*)$/i.exec(param);
      if (match) q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(match[1]) ? Number(match[1]) : 0;
    }
    const coding = name.toLowerCase() === 'x-gzip' ? 'gzip' : name.toLowerCase();
    if (!weights.has(coding)) weights.set(coding, q);
  }
  return weights;
}

/**
 * Which of the `available` encodings to send for this `Accept-Encoding`: the one with the highest q-value, brotli
 * before gzip before the file itself when they tie. `*` stands for every coding not named. Without the header the
 * file goes as it is (a client that sends none may not decode anything). Identity is acceptable unless excluded
 * (`identity;q=0`, or `*;q=0` without naming it), last when not named; when nothing is acceptable the file still
 * goes as it is, which RFC 9110 allows instead of a 406.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Coding[]): Coding {
  if (header === undefined) return 'identity';
  const weights = parseAcceptEncoding(header);
  const weightOf = (coding: Coding): number => {
    const named = weights.get(coding);
    if (named !== undefined) return named;
    const star = weights.get('*');
    if (star !== undefined) return star;
    // Not named: acceptable, but after anything the client did name (whose q-values are at least 0.001).
    return coding === 'identity' ? 0.0005 : 0;
  };
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
