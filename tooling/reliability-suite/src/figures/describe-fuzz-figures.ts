import type { FuzzFigures } from "../fuzz/fuzz-tool.js";

/** One line for a fuzz run's figures: calls made, the slowest call, and known bugs hit. */
export function describeFuzzFigures(figures: FuzzFigures, sizing: string): string {
  const known = Object.entries(figures.knownBugs).map(([id, hits]) => `${id} ${hits}x`);
  return `${figures.calls} calls (${sizing}), slowest ${figures.slowestMs} ms, known bugs hit: ${known.length === 0 ? "none" : known.join(", ")}`;
}
