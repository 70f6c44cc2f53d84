import { describe, expect, it } from "vitest";
import { createBoundedCache, forgetCaches } from "./bounded-cache.js";

describe("createBoundedCache", () => {
  it("GIVEN a cache of two entries WHEN a third is set THEN the least recently set one is forgotten", () => {
    const cache = createBoundedCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("a", 3);
    cache.set("c", 4);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([3, undefined, 4]);
  });

  it("GIVEN entries in a cache WHEN every cache is forgotten THEN it is empty", () => {
    const cache = createBoundedCache<number>(2);
    cache.set("a", 1);
    forgetCaches();
    expect(cache.get("a")).toBeUndefined();
  });
});
