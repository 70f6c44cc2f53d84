import { describe, expect, it } from "vitest";
import { boundedMap } from "./bounded-map.js";

describe("boundedMap", () => {
  it("GIVEN a map of two entries WHEN a third is set THEN the least recently used one is handed over and forgotten", () => {
    const evicted: string[] = [];
    const map = boundedMap<number>(2, (value, key) => evicted.push(`${key}=${value}`));
    map.set("a", 1);
    map.set("b", 2);
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect(evicted).toEqual(["b=2"]);
    expect([map.get("a"), map.get("b"), map.get("c"), map.size]).toEqual([1, undefined, 3, 2]);
  });
});
