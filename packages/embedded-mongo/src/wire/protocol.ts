import { deserialize, serialize, type Document } from 'bson';

/** Opcodes of the MongoDB wire protocol that this server speaks. */
export const OpCode = {
  REPLY: 1,
  QUERY: 2004,
  COMPRESSED: 2012,
  MSG: 2013,
} as const;

export const MsgFlags = {
  checksumPresent: 1 << 0,
  moreToCome: 1 << 1,
  exhaustAllowed: 1 << 16,
} as const;

export interface MessageHeader {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export type Request =
  | { kind: 'query'; header: MessageHeader; collection: string; command: Document }
  | { kind: 'msg'; header: MessageHeader; flags: number; command: Document };

const DESERIALIZE = { promoteLongs: true, promoteValues: true } as const;

export function readHeader(buffer: Buffer): MessageHeader {
  return {
    length: buffer.readInt32LE(0),
    requestId: buffer.readInt32LE(4),
    responseTo: buffer.readInt32LE(8),
    opCode: buffer.readInt32LE(12),
  };
}

function readCString(buffer: Buffer, offset: number): { value: string; next: number } {
  const end = buffer.indexOf(0, offset);
  if (end < 0) throw new Error('unterminated cstring');
  return { value: buffer.toString('utf8', offset, end), next: end + 1 };
}

function readDocument(buffer: Buffer, offset: number): { doc: Document; next: number } {
  const size = buffer.readInt32LE(offset);
  if (size < 5 || offset + size > buffer.length) throw new Error('invalid BSON document length');
  return { doc: deserialize(buffer.subarray(offset, offset + size), DESERIALIZE), next: offset + size };
}

/** Decodes one complete message (header included). */
export function decodeMessage(message: Buffer): Request {
  const header = readHeader(message);
  if (header.opCode === OpCode.QUERY) {
    // flags(4), fullCollectionName, numberToSkip(4), numberToReturn(4), query
    const name = readCString(message, 20);
    const { doc } = readDocument(message, name.next + 8);
    return { kind: 'query', header, collection: name.value, command: doc };
  }
  if (header.opCode === OpCode.MSG) {
    const flags = message.readUInt32LE(16);
    const end = message.length - (flags & MsgFlags.checksumPresent ? 4 : 0);
    let offset = 20;
    let command: Document | undefined;
    const sequences: Array<[string, Document[]]> = [];
    while (offset < end) {
      const kind = message.readUInt8(offset);
      offset += 1;
      if (kind === 0) {
        const read = readDocument(message, offset);
        command = read.doc;
        offset = read.next;
      } else if (kind === 1) {
        const size = message.readInt32LE(offset);
        const sectionEnd = offset + size;
        const id = readCString(message, offset + 4);
        const docs: Document[] = [];
        let at = id.next;
        while (at < sectionEnd) {
          const read = readDocument(message, at);
          docs.push(read.doc);
          at = read.next;
        }
        sequences.push([id.value, docs]);
        offset = sectionEnd;
      } else {
        throw new Error(`unknown OP_MSG section kind ${kind}`);
      }
    }
    if (!command) throw new Error('OP_MSG without a body section');
    // Document sequences are the same as an array field of the command (how drivers send inserts and updates).
    for (const [id, docs] of sequences) command[id] = docs;
    return { kind: 'msg', header, flags, command };
  }
  throw new Error(`unsupported opcode ${header.opCode}`);
}

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const buffer = Buffer.allocUnsafe(16);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(requestId, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

let nextRequestId = 1;

export function encodeMsgReply(responseTo: number, reply: Document): Buffer {
  const body = serialize(reply, { ignoreUndefined: true });
  const prefix = Buffer.allocUnsafe(5);
  prefix.writeUInt32LE(0, 0);
  prefix.writeUInt8(0, 4);
  const length = 16 + prefix.length + body.length;
  return Buffer.concat([header(length, nextRequestId++, responseTo, OpCode.MSG), prefix, body]);
}

/** The legacy reply, used only for the driver's opening OP_QUERY handshake. */
export function encodeOpReply(responseTo: number, reply: Document): Buffer {
  const body = serialize(reply, { ignoreUndefined: true });
  const fields = Buffer.alloc(20); // responseFlags(4), cursorID(8), startingFrom(4), numberReturned(4)
  fields.writeInt32LE(1, 16);
  const length = 16 + fields.length + body.length;
  return Buffer.concat([header(length, nextRequestId++, responseTo, OpCode.REPLY), fields, body]);
}
