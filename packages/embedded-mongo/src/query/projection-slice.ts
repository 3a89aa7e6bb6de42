import { badValue } from '../errors';
import { isPlainObject, type Doc } from './document';

/**
 * The `$slice` projection applied by hand. MongoDB treats `$slice` as neither inclusion nor exclusion: with no
 * inclusion beside it, every other field is returned. mingo always treats it as an inclusion, so an exclusion
 * (or `$slice`-only) projection runs without it and the slices are applied here.
 */

export type SliceSpec = number | [number, number];

export function isSliceOperator(value: unknown): value is { $slice: unknown } {
  return isPlainObject(value) && Object.keys(value).length === 1 && '$slice' in value;
}

export function parseSlice(arg: unknown): SliceSpec {
  if (typeof arg === 'number' && Number.isInteger(arg)) return arg;
  if (
    Array.isArray(arg) &&
    arg.length === 2 &&
    arg.every((n) => typeof n === 'number' && Number.isInteger(n))
  ) {
    if (arg[1] <= 0) throw badValue(`$slice limit must be positive`);
    return [arg[0], arg[1]];
  }
  throw badValue('$slice only supports numbers and [skip, limit] arrays');
}

function sliceArray(values: unknown[], spec: SliceSpec): unknown[] {
  if (typeof spec === 'number')
    return spec >= 0 ? values.slice(0, spec) : values.slice(Math.max(values.length + spec, 0));
  const [skip, limit] = spec;
  const start = skip >= 0 ? Math.min(skip, values.length) : Math.max(values.length + skip, 0);
  return values.slice(start, start + limit);
}

function sliceAt(value: unknown, parts: string[], spec: SliceSpec): unknown {
  if (parts.length === 0) return Array.isArray(value) ? sliceArray(value, spec) : value;
  if (Array.isArray(value)) return value.map((element) => sliceAt(element, parts, spec));
  if (!isPlainObject(value) || !(parts[0] in value)) return value;
  return { ...value, [parts[0]]: sliceAt(value[parts[0]], parts.slice(1), spec) };
}

/** A copy of `doc` with the array at `path` (through embedded documents and arrays of them) sliced. */
export function applySlice(doc: Doc, path: string, spec: SliceSpec): Doc {
  return sliceAt(doc, path.split('.'), spec) as Doc;
}
