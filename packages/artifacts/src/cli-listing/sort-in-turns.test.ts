import { turnsDuring } from "@org/test-kit";
import { describe, expect, it } from "vitest";
import { sortInTurns } from "./sort-in-turns.js";

describe("sortInTurns", () => {
  it("GIVEN 50,000 items with many equal keys WHEN sorted in turns THEN the event loop turns while they are sorted, and the order is Array.prototype.sort's, equal items in their first order", async () => {
    const items = Array.from({ length: 50_000 }, (_, index) => ({
      key: (index * 7919) % 997,
      index,
    }));
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    const expected = [...items].sort(byKey);
    const { value, turns } = await turnsDuring(() => sortInTurns(items, byKey));
    // One turn per run of 4,096 sorted, and per 4,096 merged on each of the four merge passes.
    expect(turns).toBeGreaterThan(50_000 / 4096);
    expect(value).toBe(items);
    expect(value).toEqual(expected);
  });

  it("GIVEN a short list WHEN sorted in turns THEN it is sorted at once", async () => {
    const { value, turns } = await turnsDuring(() => sortInTurns(["b", "c", "a"], byText));
    expect(value).toEqual(["a", "b", "c"]);
    expect(turns).toBeLessThanOrEqual(1);
  });
});

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
