import { join } from "node:path";
import { type Catalog, createCatalog } from "@org/openspec-core";
import { AUTH_SPEC, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { collectResources } from "./collect-resources.js";
import { serverEnvironment } from "./test-support/sandbox.js";
import { type ResourceWatch, watchResources } from "./watch-resources.js";

const open: { watch: ResourceWatch; catalog: Catalog }[] = [];

afterEach(() => {
  for (const { watch, catalog } of open.splice(0)) {
    watch.close();
    catalog.close();
  }
  removeTemporaryFolders();
});

async function setUp() {
  const { home, env } = serverEnvironment();
  const catalog = createCatalog({ env, home });
  const shop = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC }, "shop");
  const other = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC }, "other");
  for (const [path, name] of [
    [shop, "shop"],
    [other, "other"],
  ] as const) {
    expect(await catalog.call("openspec_source_add", { path, name })).toMatchObject({ ok: true });
  }
  const watch = watchResources({
    catalog,
    updated: () => {},
    listChanged: () => {},
    log: () => {},
  });
  open.push({ watch, catalog });
  return { watch, catalog, shop, other };
}

describe("watchResources", () => {
  it("GIVEN registered sources WHEN nothing is subscribed or listed THEN no folder is watched; a subscription watches its own source only", async () => {
    const { watch, shop } = await setUp();
    expect(watch.watchedFolders()).toEqual([]);
    await watch.subscribe("openspec://shop/specs/auth");
    expect(watch.watchedFolders()).toEqual([join(shop, "openspec")]);
    watch.unsubscribe("openspec://shop/specs/auth");
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect.poll(() => watch.watchedFolders(), { timeout: 30_000 }).toEqual([]);
  });

  it("GIVEN a client that listed resources WHEN the watch is closed THEN every source was watched and no watcher is left", async () => {
    const { watch, catalog, shop, other } = await setUp();
    await watch.startListing();
    watch.listed(await collectResources(catalog), watch.generation());
    expect(watch.watchedFolders()).toEqual(
      [join(other, "openspec"), join(shop, "openspec")].sort(),
    );
    watch.close();
    expect(watch.watchedFolders()).toEqual([]);
  });
});
