/** A map of at most `limit` entries; what it let go of is handed to `evicted`. */
export type BoundedMap<V> = {
  /** The entry, which becomes the most recently used. */
  get(key: string): V | undefined;
  /** Sets an entry; past the limit the least recently used one goes to `evicted`. */
  set(key: string, value: V): void;
  delete(key: string): void;
  values(): V[];
  readonly size: number;
};

/**
 * The host's caches whose keys a client chooses (a toolsets header, a source
 * it registers) are bounded here, so no client can grow the server's memory
 * without limit. The same least-recently-used rule as the artifacts'
 * bounded cache, plus a hook: an entry that holds timers or watches (a host)
 * is closed when it goes.
 */
export function boundedMap<V>(
  limit: number,
  evicted: (value: V, key: string) => void = () => {},
): BoundedMap<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > limit) {
        const [oldest, old] = entries.entries().next().value as [string, V];
        entries.delete(oldest);
        evicted(old, oldest);
      }
    },
    delete: (key) => void entries.delete(key),
    values: () => [...entries.values()],
    get size() {
      return entries.size;
    },
  };
}
