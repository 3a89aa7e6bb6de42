/**
 * The format's spelling of connection, read/write concern and read preference options, turned into what the
 * Node driver takes. Kept apart so entities and operations convert them the same way.
 */
import { ReadPreference, type Document } from 'mongodb';

/** Adds uriOptions to the suite's connection string, overriding options of the same name. */
export function withUriOptions(uri: string, options: Document = {}): string {
  const [base, query = ''] = uri.split('?');
  const params = new URLSearchParams(query);
  for (const [k, v] of Object.entries(options)) {
    if (k === 'readPreferenceTags' && Array.isArray(v)) {
      params.delete(k);
      for (const tag of v) params.append(k, String(tag));
    } else params.set(k, String(v));
  }
  const path = base.includes('/', 'mongodb://'.length) ? base : `${base}/`;
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/** collectionOrDatabaseOptions and transaction options, as the Node driver takes them. */
export function driverOptions(spec: Document | undefined): Document {
  const out: Document = { ...(spec ?? {}) };
  if (spec?.readPreference) out.readPreference = readPreference(spec.readPreference);
  if (spec?.writeConcern) out.writeConcern = writeConcern(spec.writeConcern);
  return out;
}

/** Common options (readConcern stays a document; writeConcern and readPreference become driver objects). */
export function commonOptions(args: Document): Document {
  const out: Document = { ...args };
  if (args.readPreference) out.readPreference = readPreference(args.readPreference);
  if (args.writeConcern) out.writeConcern = writeConcern(args.writeConcern);
  return out;
}

export function readPreference(rp: Document): ReadPreference {
  return new ReadPreference(rp.mode, rp.tagSets, {
    maxStalenessSeconds: rp.maxStalenessSeconds,
    hedge: rp.hedge,
  });
}

/** The format spells the write concern with `journal` and `wtimeoutMS`; the driver wants `j`/`wtimeoutMS`. */
export function writeConcern(wc: Document): Document {
  const out: Document = { ...wc };
  if ('journal' in out) {
    out.j = out.journal;
    delete out.journal;
  }
  return out;
}
