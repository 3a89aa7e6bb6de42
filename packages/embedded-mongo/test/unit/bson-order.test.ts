import { ObjectId } from 'bson';
import { compareValues } from '../../src/query/bson-order';

test('ObjectIds order as their bytes do (the hex string order)', () => {
  const ids = Array.from({ length: 500 }, (_, i) =>
    i % 2
      ? new ObjectId()
      : new ObjectId(Buffer.from(Array.from({ length: 12 }, () => Math.floor(Math.random() * 256)))),
  );
  const byCompare = [...ids].sort(compareValues).map((id) => id.toHexString());
  const byHex = ids.map((id) => id.toHexString()).sort();
  expect(byCompare).toEqual(byHex);
  const id = new ObjectId();
  expect(compareValues(id, new ObjectId(id.toHexString()))).toBe(0);
});
