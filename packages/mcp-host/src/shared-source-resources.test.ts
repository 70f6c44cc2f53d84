import type { Catalog } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import {
  MAX_SHARED_SOURCES,
  sharedSourceCount,
  sharedSourceResources,
} from "./shared-source-resources.js";

describe("the process-wide collections of sources' resources", () => {
  it("GIVEN more sources listed than are kept WHEN each is collected THEN the kept collections stay at the bound", async () => {
    let walks = 0;
    // A registry whose sources cannot be read: each collection is one call, answered at once.
    const catalog = {
      call: async () => {
        walks++;
        return { ok: false, code: "source_not_found", error: "gone" };
      },
    } as unknown as Catalog;
    for (let index = 0; index < MAX_SHARED_SOURCES + 100; index++) {
      const source = { name: `s${index}`, path: `/repos/s${index}`, token: `t${index}` };
      expect(await sharedSourceResources(catalog, source, () => 1)).toEqual([]);
    }
    expect(walks).toBe(MAX_SHARED_SOURCES + 100);
    expect(sharedSourceCount()).toBe(MAX_SHARED_SOURCES);
    // The newest is still kept: asked again at the same folder state, it is not walked again.
    const newest = MAX_SHARED_SOURCES + 99;
    await sharedSourceResources(
      catalog,
      { name: `s${newest}`, path: `/repos/s${newest}`, token: `t${newest}` },
      () => 1,
    );
    expect(walks).toBe(MAX_SHARED_SOURCES + 100);
  });
});
