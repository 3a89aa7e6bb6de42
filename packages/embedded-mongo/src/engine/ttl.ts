import type { Catalog } from './catalog';
import { runQuery } from './query';

/** Deletes documents whose TTL index date is older than `expireAfterSeconds`, as mongod's TTL monitor does. */
export function expireDocuments(catalog: Catalog, now = Date.now()): number {
  let removed = 0;
  for (const collection of catalog.allCollections()) {
    for (const index of collection.indexes.values()) {
      const seconds = index.spec.expireAfterSeconds;
      if (seconds === undefined || index.fields.length !== 1) continue;
      const field = index.fields[0];
      const cutoff = new Date(now - seconds * 1000);
      const expired = runQuery(collection, { filter: { [field]: { $lt: cutoff } }, hint: index.name });
      for (const doc of expired) {
        const record = collection.findById(doc._id);
        if (record) {
          collection.delete(record);
          removed++;
        }
      }
    }
  }
  return removed;
}
