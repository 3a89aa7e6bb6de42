import { MongoCommandError } from '../errors';
import { isPlainObject, type Doc } from '../query/document';
import { formatValue } from '../engine/key-format';

/** Stages run by mingo with MongoDB's semantics. Others are refused rather than half-done. */
const SUPPORTED_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$group',
  '$count',
  '$lookup',
  '$unwind',
  '$facet',
  '$replaceRoot',
  '$replaceWith',
  '$sortByCount',
  '$sample',
  '$bucket',
  '$bucketAuto',
  '$unionWith',
  '$graphLookup',
  '$redact',
  '$setWindowFields',
]);

const KNOWN_UNSUPPORTED = new Set([
  '$geoNear',
  '$search',
  '$searchMeta',
  '$vectorSearch',
  '$collStats',
  '$indexStats',
  '$currentOp',
  '$listSessions',
  '$planCacheStats',
  '$densify',
  '$fill',
]);

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The argument checks mongod makes while parsing a stage, with its error codes, for the stages that have them. */
function validateStageArgument(name: string, arg: unknown): void {
  switch (name) {
    case '$match':
      if (!isPlainObject(arg))
        throw new MongoCommandError('Location15959', 'the match filter must be an expression in an object');
      return;
    case '$skip':
      if (!isNonNegativeInteger(arg)) {
        throw new MongoCommandError(
          'Location5107200',
          `invalid argument to $skip stage: Expected a non-negative number in: $skip: ${formatValue(arg)}`,
        );
      }
      return;
    case '$limit':
      if (!isNonNegativeInteger(arg)) {
        throw new MongoCommandError(
          'Location5107201',
          `invalid argument to $limit stage: Expected a non-negative number in: $limit: ${formatValue(arg)}`,
        );
      }
      if (arg === 0) throw new MongoCommandError('Location15958', 'the limit must be positive');
      return;
    case '$sort':
      if (!isPlainObject(arg))
        throw new MongoCommandError('Location15973', 'the $sort key specification must be an object');
      if (Object.keys(arg).length === 0)
        throw new MongoCommandError('Location15976', '$sort stage must have at least one sort key');
      return;
    case '$group':
      if (!isPlainObject(arg))
        throw new MongoCommandError('Location15947', "a group's fields must be specified in an object");
      if (!('_id' in arg))
        throw new MongoCommandError('Location15955', 'a group specification must include an _id');
      return;
    default:
      return;
  }
}

/** Checks every stage's shape and name (and the arguments of some) before anything runs. */
export function validatePipeline(pipeline: unknown[]): Doc[] {
  return pipeline.map((stage) => {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new MongoCommandError(
        'Location40323',
        'A pipeline stage specification object must contain exactly one field.',
      );
    }
    const name = Object.keys(stage)[0];
    if (name === '$documents' || name === '$listLocalSessions') {
      throw new MongoCommandError(
        'Location40602',
        `${name} is only valid as the first stage of { aggregate: 1 }`,
      );
    }
    if (name === '$out' || name === '$merge') {
      throw new MongoCommandError('Location40601', `${name} can only be the final stage in the pipeline`);
    }
    if (name === '$changeStream') {
      throw new MongoCommandError(
        'Location40602',
        '$changeStream is only valid as the first stage in a pipeline',
      );
    }
    if (KNOWN_UNSUPPORTED.has(name)) {
      throw new MongoCommandError('CommandNotSupported', `${name} is not supported by the embedded server`);
    }
    if (!SUPPORTED_STAGES.has(name))
      throw new MongoCommandError('Location40324', `Unrecognized pipeline stage name: '${name}'`);
    validateStageArgument(name, stage[name]);
    return stage;
  });
}
