/**
 * Spec tests the Node driver (7.x) cannot pass against any server, so they cannot judge ours. Each entry
 * names the driver's own ticket; the driver's test suite skips the same tests
 * (test/integration/crud/crud.spec.test.ts, transactions.spec.test.ts in mongodb/node-mongodb-native).
 * They are reported as "unsupported by runner", never as passes or failures.
 */
import type { Document } from 'mongodb';

const BY_DESCRIPTION: Record<string, string> = {
  // The driver replaces a null _id with a fresh ObjectId before sending the insert.
  'inserting _id with type null via insertOne': 'driver NODE-6468: null _id replaced by an ObjectId',
  'inserting _id with type null via insertMany': 'driver NODE-6468: null _id replaced by an ObjectId',
  'inserting _id with type null via bulkWrite': 'driver NODE-6468: null _id replaced by an ObjectId',
  // The driver omits bypassDocumentValidation when it is false.
  'InsertMany passes bypassDocumentValidation: false':
    'driver NODE-6484: bypassDocumentValidation:false not sent',
  'FindOneAndUpdate passes bypassDocumentValidation: false':
    'driver NODE-6484: bypassDocumentValidation:false not sent',
  'FindOneAndReplace passes bypassDocumentValidation: false':
    'driver NODE-6484: bypassDocumentValidation:false not sent',
  'BulkWrite passes bypassDocumentValidation: false':
    'driver NODE-6484: bypassDocumentValidation:false not sent',
  'Aggregate with $out passes bypassDocumentValidation: false':
    'driver NODE-6484: bypassDocumentValidation:false not sent',
};

export function driverDeviation(test: Document): string | undefined {
  return BY_DESCRIPTION[String(test.description)];
}

/**
 * The driver adds `wtimeout: 10000` to the write concern of every commitTransaction/abortTransaction it sends
 * (lib/sessions.js), where the transactions tests expect exactly `{ w: … }`. Drop it before matching, unless
 * the test asks about wtimeout itself.
 */
export function tolerateDriverAdditions(commandName: string, expected: Document, actual: Document): Document {
  if (commandName !== 'commitTransaction' && commandName !== 'abortTransaction') return actual;
  const wc = actual.writeConcern;
  if (!wc || typeof wc !== 'object' || expected.writeConcern?.wtimeout !== undefined) return actual;
  const { wtimeout: _wtimeout, ...rest } = wc as Document;
  return { ...actual, writeConcern: rest };
}
