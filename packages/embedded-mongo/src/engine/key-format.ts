import { ObjectId } from 'bson';
import { isPlainObject } from '../query/document';

/** Renders a value the way mongod prints it in error messages and index bounds. */
export function formatValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number')
    return Number.isFinite(value) ? String(value) : value > 0 ? 'inf.0' : '-inf.0';
  if (value instanceof ObjectId) return `ObjectId('${value.toHexString()}')`;
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (Array.isArray(value)) return `[ ${value.map(formatValue).join(', ')} ]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).map(([k, v]) => `${k}: ${formatValue(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  const bsonType = (value as { _bsontype?: string })._bsontype;
  if (bsonType === 'MinKey' || bsonType === 'MaxKey') return bsonType;
  return String(value);
}
