import type { Stats } from "node:fs";
import { createBoundedCache } from "./bounded-cache.js";
import { cacheStats } from "./cache-stats.js";
import { type Observation, observe, stillTrue } from "./file-signature.js";

/** Values derived from paths, each standing while its path's stat still matches the one taken before reading it. */
export interface StatKeyedCache<T> {
  /** The value for `path` when `stats` (taken now) show the path unchanged since it was read; counts a hit or a miss. */
  get(path: string, stats: Stats): T | undefined;
  /** Keeps `value`, read from `path` at `observedAt`, just after `stats` were taken. */
  set(path: string, stats: Stats, observedAt: number, value: T): void;
}

export function createStatKeyedCache<T>(maxEntries: number): StatKeyedCache<T> {
  const readings = createBoundedCache<Observation & { value: T }>(maxEntries);
  return {
    get(path, stats) {
      const cached = readings.get(path);
      if (cached !== undefined && stillTrue(cached, stats)) {
        cacheStats.hits += 1;
        return cached.value;
      }
      cacheStats.misses += 1;
      return undefined;
    },
    set(path, stats, observedAt, value) {
      readings.set(path, { ...observe(stats, observedAt), value });
    },
  };
}
