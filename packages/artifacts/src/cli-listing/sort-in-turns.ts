import { setImmediate } from "node:timers/promises";

/** Items sorted, or merged, between two turns of the event loop. */
const ITEMS_PER_TURN = 4096;

/**
 * `items` sorted by `compare` in place, as `Array.prototype.sort` sorts them
 * (stable), with a turn of the event loop every few thousand items: runs of
 * `ITEMS_PER_TURN` are sorted one per turn, then merged pairwise, a turn per
 * `ITEMS_PER_TURN` items merged. One `sort` of a folder of 100,000 names
 * holds a server's other callers for a tenth of a second or more; this never
 * holds them longer than one run. A short list is sorted at once.
 */
export async function sortInTurns<T>(items: T[], compare: (a: T, b: T) => number): Promise<T[]> {
  if (items.length <= ITEMS_PER_TURN) return items.sort(compare);
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += ITEMS_PER_TURN) {
    runs.push(items.slice(start, start + ITEMS_PER_TURN).sort(compare));
    await setImmediate();
  }
  let merged = 0;
  while (runs.length > 1) {
    const next: T[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      const left = runs[i] as T[];
      const right = runs[i + 1];
      if (right === undefined) {
        next.push(left);
        continue;
      }
      const out: T[] = new Array(left.length + right.length);
      let l = 0;
      let r = 0;
      let o = 0;
      while (l < left.length || r < right.length) {
        // Left first on ties: the merge keeps the order of equal items, as `sort` does.
        if (r >= right.length || (l < left.length && compare(left[l] as T, right[r] as T) <= 0)) {
          out[o++] = left[l++] as T;
        } else {
          out[o++] = right[r++] as T;
        }
        if (++merged % ITEMS_PER_TURN === 0) await setImmediate();
      }
      next.push(out);
    }
    runs = next;
  }
  const sorted = runs[0] as T[];
  for (let i = 0; i < sorted.length; i++) items[i] = sorted[i] as T;
  return items;
}
