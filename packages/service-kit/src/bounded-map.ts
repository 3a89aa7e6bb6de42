/**
 * A Map that holds at most `capacity` entries: setting a new key past it drops the oldest first. For what a process
 * remembers of its requests (verified identities, validated query strings), where a flood of distinct keys must
 * not grow the heap without bound.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.capacity && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
