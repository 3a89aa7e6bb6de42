import { BoundedMap } from '../src/bounded-map';

test('past its capacity a new key drops the oldest; setting a held key again drops nothing', () => {
  const map = new BoundedMap<string, number>(2);
  map.set('a', 1).set('b', 2);
  map.set('a', 10);
  expect([...map]).toEqual([
    ['a', 10],
    ['b', 2],
  ]);
  map.set('c', 3);
  expect([...map]).toEqual([
    ['b', 2],
    ['c', 3],
  ]);
  expect(map.size).toBe(2);
});
