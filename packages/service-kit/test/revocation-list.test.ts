import { RevocationList } from '../src';
import { capturingLogger, ERROR } from './event-helpers';

test('a token is revoked when its version is below the highest version applied for its user', () => {
  const list = new RevocationList();
  expect(list.isRevoked('u1', 0)).toBe(false);
  list.apply('u1', 2);
  list.apply('u1', 1); // an older bump arriving late changes nothing
  expect([list.isRevoked('u1', 0), list.isRevoked('u1', 1), list.isRevoked('u1', 2)]).toEqual([
    true,
    true,
    false,
  ]);
  expect(list.isRevoked('u2', 0)).toBe(false);
  expect(list.size).toBe(1);
});

test('applyHeader takes comma-separated <userId>:<version> entries and skips malformed ones', () => {
  const list = new RevocationList();
  list.applyHeader('u1:3, u2:1,nocolon,:4,u3:x,u4:1.5,u:5:2');
  expect(list.isRevoked('u1', 2)).toBe(true);
  expect(list.isRevoked('u2', 0)).toBe(true);
  expect(list.isRevoked('u:5', 1)).toBe(true); // the version follows the last colon
  expect(list.size).toBe(3);
});

test('apply ignores an empty user id and a version that is not a number', () => {
  const list = new RevocationList();
  list.apply('', 3);
  list.apply('u1', Number.NaN);
  list.apply('u1', Infinity);
  expect(list.size).toBe(0);
});

test('onRevoked hears each raise of a user version, and nothing once unsubscribed', () => {
  const list = new RevocationList();
  const heard: [string, number][] = [];
  const unsubscribe = list.onRevoked((userId, tokenVersion) => heard.push([userId, tokenVersion]));

  list.apply('u1', 1);
  list.apply('u1', 1); // the poller looks back, so repeats are normal: no second call
  list.apply('u1', 0);
  list.applyHeader('u1:3,u2:1');
  list.apply('u1', 2);
  expect(heard).toEqual([
    ['u1', 1],
    ['u1', 3],
    ['u2', 1],
  ]);

  unsubscribe();
  list.apply('u1', 4);
  expect(heard).toHaveLength(3);
  expect(list.isRevoked('u1', 3)).toBe(true);
});

test('a listener that throws is logged; the version is recorded and the other listeners still hear it', () => {
  const { logger, lines } = capturingLogger();
  const list = new RevocationList({ logger });
  const heard: string[] = [];
  list.onRevoked(() => {
    throw new Error('socket server gone');
  });
  list.onRevoked((userId) => heard.push(userId));

  expect(() => list.apply('u1', 1)).not.toThrow();
  expect(heard).toEqual(['u1']);
  expect(list.isRevoked('u1', 0)).toBe(true);
  expect(lines.filter((line) => line.level === ERROR)).toEqual([
    expect.objectContaining({ msg: 'revocation listener failed', userId: 'u1', tokenVersion: 1 }),
  ]);
});
