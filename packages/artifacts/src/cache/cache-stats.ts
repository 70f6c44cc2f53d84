/** Hits and misses of the artifact caches since start; read by tests to see that a cache served. */
export const cacheStats = { hits: 0, misses: 0 };
