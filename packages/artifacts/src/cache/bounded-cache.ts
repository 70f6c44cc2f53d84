/** A map that forgets its oldest entries past `maxEntries`, so a long-lived host's memory stays bounded. */
export interface BoundedCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

const everyCache = new Set<Map<string, unknown>>();

export function createBoundedCache<V>(maxEntries: number): BoundedCache<V> {
  const entries = new Map<string, V>();
  everyCache.add(entries);
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
  };
}

/** Empties every cache, so the next call reads everything again (tests compare against this). */
export function forgetCaches(): void {
  for (const entries of everyCache) entries.clear();
}
