import { MessageFramer } from '../../src/wire/framer';

function message(length: number, fill: number): Buffer {
  const buffer = Buffer.alloc(length, fill);
  buffer.writeInt32LE(length, 0);
  return buffer;
}

test('messages split across chunks, several per chunk, and a length split in two', () => {
  const framer = new MessageFramer(1024);
  const a = message(20, 1);
  const b = message(300, 2);
  const c = message(16, 3);
  const stream = Buffer.concat([a, b, c]);
  const out: Buffer[] = [];
  // Feed in awkward pieces: 2 bytes (half a length), then 7-byte chunks.
  out.push(...framer.push(stream.subarray(0, 2)));
  for (let i = 2; i < stream.length; i += 7) out.push(...framer.push(stream.subarray(i, i + 7)));
  expect(out.map((m) => m.length)).toEqual([20, 300, 16]);
  expect(Buffer.concat(out).equals(stream)).toBe(true);
});

test('a length no message can have is refused', () => {
  expect(() => new MessageFramer(1024).push(message(2048, 0))).toThrow('invalid message length 2048');
  const tooShort = Buffer.alloc(8);
  tooShort.writeInt32LE(8, 0);
  expect(() => new MessageFramer(1024).push(tooShort)).toThrow('invalid message length 8');
});
