import { isPlainObject, type Doc } from '../query/document';

/** Which fields an inclusion keeps: `true` keeps the whole value, a nested tree keeps those fields of it. */
type Kept = Map<string, Kept | true>;

/** A `$project` that only includes fields (`{ path: 1 | true }`), compiled; anything else is left to mingo. */
export type Inclusion = (doc: Doc) => Doc;

function keep(tree: Kept, path: string[]): boolean {
  const [head, ...rest] = path;
  const known = tree.get(head);
  if (rest.length === 0) {
    // The same field twice, or a field and a path inside it: mongod refuses (a path collision); mingo says so.
    if (known !== undefined) return false;
    tree.set(head, true);
    return true;
  }
  if (known === true) return false;
  const below: Kept = known ?? new Map();
  tree.set(head, below);
  return keep(below, rest);
}

function project(doc: Doc, tree: Kept): Doc {
  const out: Doc = {};
  // In the document's order, as mongod returns projected fields.
  for (const field of Object.keys(doc)) {
    const kept = tree.get(field);
    if (kept === undefined) continue;
    const value = doc[field];
    if (kept === true) out[field] = value;
    else if (isPlainObject(value)) out[field] = project(value, kept);
    else if (Array.isArray(value)) out[field] = projectArray(value, kept);
    // A scalar where the path goes deeper has nothing to keep.
  }
  return out;
}

/** A path through an array applies to each element: documents keep their fields, scalars go (as on mongod). */
function projectArray(values: unknown[], tree: Kept): unknown[] {
  const out: unknown[] = [];
  for (const value of values) {
    if (isPlainObject(value)) out.push(project(value, tree));
    else if (Array.isArray(value)) out.push(projectArray(value, tree));
  }
  return out;
}

/**
 * The commonest stage a change stream adds after its `$match`, a `$project` naming the fields to keep (the feed
 * cache's stream keeps five of every event), as a plain function: mingo made an aggregator context and a deep copy of
 * the event for each event and stream, a tenth of the database's CPU while toggles and creates ran
 * (bench/posts/writes). Undefined for any other stage (exclusions, expressions, `$`-operators, colliding paths).
 * It copies nothing it keeps: events are only serialized after it.
 */
export function compileInclusion(stage: Doc): Inclusion | undefined {
  const spec = stage.$project;
  if (Object.keys(stage).length !== 1 || !isPlainObject(spec)) return undefined;
  const tree: Kept = new Map();
  let includesId = true;
  for (const [field, value] of Object.entries(spec)) {
    if (field === '_id' && (value === 0 || value === false)) {
      includesId = false;
      continue;
    }
    if (value !== 1 && value !== true) return undefined;
    const path = field.split('.');
    if (path.some((part) => part === '' || part.startsWith('$'))) return undefined;
    if (!keep(tree, path)) return undefined;
  }
  // `_id` stays unless excluded; excluding it leaves nothing to resume from, which `runStages` reports.
  if (includesId && !tree.has('_id')) tree.set('_id', true);
  if (tree.size === 0) return undefined;
  return (doc) => project(doc, tree);
}
