import { Binary, Decimal128, Long, ObjectId, deserialize } from 'bson';
import { readStoredFields, unpackFields } from '../../src/engine/document-shapes';
import { DocRecord, encodeDocument } from '../../src/engine/record';

/**
 * A scan tests its filter on every document it passes (a skipped one too), reading only the filter's top-level
 * fields. Scalars of the common types are read straight from the stored string (readStoredFields); every other
 * value goes through bson's deserialize. Both must give exactly what deserialize gives.
 */
const decoded = (stored: string, wanted: Set<string>) =>
  deserialize(unpackFields(stored, wanted), { promoteLongs: false });

const SCALARS: Record<string, unknown> = {
  double: -2.5,
  bigDouble: 2 ** 60 + 0.5,
  nan: NaN,
  negativeZero: -0,
  ascii: 'plain text',
  empty: '',
  unicode: 'é ✓ 漢字 😀',
  nul: 'a\u0000b',
  id: new ObjectId(),
  yes: true,
  no: false,
  date: new Date('2026-11-26T20:00:00.123Z'),
  before1970: new Date(-86_400_000 * 400 - 7),
  nothing: null,
  int: -123_456,
  bigInt: 2_147_483_647,
};

const OTHERS: Record<string, unknown> = {
  long: Long.fromNumber(2 ** 40),
  decimal: Decimal128.fromString('1.5'),
  binary: new Binary(Buffer.from([1, 2, 3])),
  array: [1, 'two'],
  document: { a: 1 },
  regex: /a+b/i,
};

test('every scalar field reads as deserialize decodes it, alone or with others', () => {
  const stored = encodeDocument({ _id: new ObjectId(), ...SCALARS, ...OTHERS, last: 1 }, false);
  for (const name of [...Object.keys(SCALARS), 'last']) {
    const wanted = new Set([name]);
    const fast = readStoredFields(stored, wanted);
    expect(fast).toBeDefined();
    expect(fast).toStrictEqual(decoded(stored, wanted));
    // NaN and -0 as well: the same primitive, not only an equal one.
    const value = (fast as Record<string, unknown>)[name];
    if (typeof value !== 'object') expect(Object.is(value, decoded(stored, wanted)[name])).toBe(true);
  }
  const all = new Set([...Object.keys(SCALARS), 'missing']);
  expect(readStoredFields(stored, all)).toStrictEqual(decoded(stored, all));
});

test('a wanted value of another type, or a document stored plain, is left to deserialize', () => {
  const stored = encodeDocument({ _id: new ObjectId(), ...SCALARS, ...OTHERS }, false);
  for (const name of Object.keys(OTHERS)) {
    const wanted = new Set(['int', name]);
    expect(readStoredFields(stored, wanted)).toBeUndefined();
    // The record's reader still answers, through deserialize.
    expect(new DocRecord(1, stored).fields(wanted)).toStrictEqual(decoded(stored, wanted));
  }
  // Too short to gain from a shape: stored with its names.
  const plain = encodeDocument({}, false);
  expect(readStoredFields(plain, new Set(['a']))).toBeUndefined();
  expect(new DocRecord(1, plain).fields(new Set(['a']))).toStrictEqual({});
});

test('fields skipped on the way (regex, code, binary, nested documents) do not throw the walk off', () => {
  const stored = encodeDocument(
    {
      ...OTHERS,
      nested: { deep: [{ x: 'y' }] },
      after: 'found',
      id: new ObjectId('65f000000000000000000001'),
    },
    false,
  );
  const wanted = new Set(['after', 'id']);
  expect(readStoredFields(stored, wanted)).toStrictEqual({
    after: 'found',
    id: new ObjectId('65f000000000000000000001'),
  });
});
