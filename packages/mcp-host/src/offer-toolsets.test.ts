import { type Catalog, createCatalog } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { offerToolsets } from "./offer-toolsets.js";
import { serverEnvironment } from "./test-support/sandbox.js";

const bases: Catalog[] = [];

afterEach(() => {
  for (const base of bases.splice(0)) base.close();
  removeTemporaryFolders();
});

function defaultToolsetsCatalog(dynamicToolsets: boolean) {
  const { home, env } = serverEnvironment();
  const base = createCatalog({ env, home, cliDiscoveryTtlMs: 0 });
  bases.push(base);
  return offerToolsets(base, { toolsets: ["read", "author", "lifecycle"], dynamicToolsets });
}

describe("the default toolsets and a fix that names a tool outside them", () => {
  it("GIVEN a server offering the default toolsets and an empty registry WHEN openspec_context names a source THEN its fix says openspec_source_add is in the sources toolset and how to start the server with it", async () => {
    const { catalog } = defaultToolsetsCatalog(false);
    const answer = await catalog.call("openspec_context", { identifier: "shop" });
    expect(answer).toMatchObject({ ok: false, code: "source_not_found" });
    expect(answer.ok ? "" : answer.fix).toBe(
      'List them all with openspec_source_list, or register the repository with openspec_source_add (in the toolset "sources", not offered now: start the server with --toolsets read,author,lifecycle,sources, or over HTTP send X-OpenSpec-Toolsets).',
    );
  });

  it("GIVEN the same server with dynamic toolsets WHEN the same call fails THEN the fix says to enable the sources toolset with openspec_toolsets, and once enabled the fix names the tool alone", async () => {
    const offer = defaultToolsetsCatalog(true);
    const before = await offer.catalog.call("openspec_context", { identifier: "shop" });
    offer.answer({ enable: "sources" });
    const after = await offer.catalog.call("openspec_context", { identifier: "shop" });
    expect(before.ok ? "" : before.fix).toContain(
      'openspec_source_add (in the toolset "sources": call openspec_toolsets with enable "sources" first)',
    );
    expect(after.ok ? "" : after.fix).toBe(
      "List them all with openspec_source_list, or register the repository with openspec_source_add.",
    );
  });
});
