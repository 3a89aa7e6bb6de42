import { badValue, MongoCommandError } from '../errors';
import { isPlainObject, type Doc } from '../query/document';

export interface Collation {
  locale: string;
  strength?: number;
}

/** An index as listIndexes reports it. */
export interface IndexSpec {
  v: number;
  key: Record<string, 1 | -1>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  collation?: Collation;
  expireAfterSeconds?: number;
}

const SUPPORTED_OPTIONS = new Set([
  'key',
  'name',
  'unique',
  'sparse',
  'partialFilterExpression',
  'collation',
  'expireAfterSeconds',
  'v',
  'background',
  'ns',
]);

export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([field, dir]) => `${field}_${dir}`)
    .join('_');
}

/** A collation that only folds case (strength 1 or 2) is supported; anything else is refused, not guessed. */
export function normalizeCollation(raw: unknown): Collation | undefined {
  if (raw === undefined) return undefined;
  if (!isPlainObject(raw) || typeof raw.locale !== 'string') {
    throw badValue('collation must be an object with a locale string');
  }
  if (raw.locale === 'simple') return undefined;
  const strength = raw.strength === undefined ? 3 : Number(raw.strength);
  if (![1, 2, 3].includes(strength))
    throw badValue(`unsupported collation strength: ${String(raw.strength)}`);
  if (strength === 3) return undefined;
  return { locale: raw.locale, strength };
}

export function collationKey(collation: Collation | undefined): string {
  return collation ? `${collation.locale}/${collation.strength}` : 'simple';
}

export function parseIndexSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw) || !isPlainObject(raw.key) || Object.keys(raw.key).length === 0) {
    throw new MongoCommandError(
      'FailedToParse',
      "The 'key' field is a required property of an index specification",
    );
  }
  for (const option of Object.keys(raw)) {
    if (!SUPPORTED_OPTIONS.has(option)) {
      throw new MongoCommandError(
        'InvalidOptions',
        `The field '${option}' is not valid for an index specification`,
      );
    }
  }
  const key: Record<string, 1 | -1> = {};
  for (const [field, dir] of Object.entries(raw.key)) {
    if (dir !== 1 && dir !== -1) {
      throw new MongoCommandError(
        'InvalidOptions',
        `Values in the index key pattern can only be 1 or -1 in the embedded server; got ${JSON.stringify(dir)} for '${field}'`,
      );
    }
    key[field] = dir;
  }
  const spec: IndexSpec = {
    v: 2,
    key,
    name: typeof raw.name === 'string' ? raw.name : defaultIndexName(key),
  };
  if (raw.unique) spec.unique = true;
  if (raw.sparse) spec.sparse = true;
  if (raw.partialFilterExpression !== undefined) {
    if (!isPlainObject(raw.partialFilterExpression))
      throw badValue('partialFilterExpression must be an object');
    spec.partialFilterExpression = raw.partialFilterExpression;
  }
  const collation = normalizeCollation(raw.collation);
  if (collation) spec.collation = collation;
  if (raw.expireAfterSeconds !== undefined) {
    if (typeof raw.expireAfterSeconds !== 'number' || raw.expireAfterSeconds < 0) {
      throw new MongoCommandError('InvalidOptions', 'expireAfterSeconds must be a non-negative number');
    }
    spec.expireAfterSeconds = raw.expireAfterSeconds;
  }
  return spec;
}

/**
 * How a requested index relates to an existing one, as mongod's `IndexDescriptor::compareIndexOptions` decides:
 * key and the options that identify an index (unique, sparse, partial filter, collation) make two indexes
 * 'different'; when only other options (expireAfterSeconds) differ they are 'equivalent'; else 'identical'.
 */
export function compareIndexSpecs(a: IndexSpec, b: IndexSpec): 'different' | 'equivalent' | 'identical' {
  const sameIdentity =
    JSON.stringify(a.key) === JSON.stringify(b.key) &&
    !!a.unique === !!b.unique &&
    !!a.sparse === !!b.sparse &&
    JSON.stringify(a.partialFilterExpression ?? null) === JSON.stringify(b.partialFilterExpression ?? null) &&
    collationKey(a.collation) === collationKey(b.collation);
  if (!sameIdentity) return 'different';
  return a.expireAfterSeconds === b.expireAfterSeconds ? 'identical' : 'equivalent';
}
