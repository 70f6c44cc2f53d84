import { AUTH_SPEC, DARK_MODE_CHANGE, makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { toolInputJsonSchema } from "../tool-json-schema.js";

afterEach(cleanUp);

describe("openspec_context: a bare artifact token finds nothing", () => {
  it("GIVEN a spec token of one of several registered sources WHEN it is passed alone THEN the spec answers with a note naming its source", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const shop = makeOpenSpecRepository(
      { "openspec/specs/agent-tools/spec.md": AUTH_SPEC },
      "shop",
    );
    const docs = makeOpenSpecRepository(DARK_MODE_CHANGE, "docs");
    expect(await catalog.call("openspec_source_add", { path: shop })).toMatchObject({ ok: true });
    expect(
      await catalog.call("openspec_source_add", { path: docs, name: "handbook" }),
    ).toMatchObject({ ok: true });

    const answer = await catalog.call("openspec_context", { identifier: "os_a59eca" });
    expect(answer).toMatchObject({
      ok: true,
      name: "shop",
      path: shop,
      spec: { id: "agent-tools", token: "os_a59eca" },
      note: expect.stringContaining("shop/os_a59eca"),
    });
    expect(await catalog.call("openspec_context", { identifier: "os_243ec3" })).toMatchObject({
      ok: true,
      name: "handbook",
      change: { name: "add-dark-mode" },
      note: expect.stringContaining("handbook/os_243ec3"),
    });
  });

  it("GIVEN a change token two sources share WHEN it is passed alone THEN ambiguous_artifact lists both identifiers, and each identifier resolves", async () => {
    const { catalog } = makeCatalog({ cli: false });
    for (const name of ["shop", "docs"]) {
      const root = makeOpenSpecRepository(DARK_MODE_CHANGE, name);
      await catalog.call("openspec_source_add", { path: root });
    }
    const answer = await catalog.call("openspec_context", { identifier: "os_243ec3" });
    expect(answer).toMatchObject({
      ok: false,
      code: "ambiguous_artifact",
      fix: expect.any(String),
      candidates: [{ identifier: "shop/os_243ec3" }, { identifier: "docs/os_243ec3" }],
    });
    const candidates = (answer as unknown as { candidates: { identifier: string }[] }).candidates;
    for (const { identifier } of candidates) {
      expect(await catalog.call("openspec_context", { identifier })).toMatchObject({
        ok: true,
        change: { name: "add-dark-mode" },
      });
    }
  });

  it("GIVEN no source holds the token WHEN it is passed alone THEN source_not_found keeps its fix and adds the <source>/<token> hint", async () => {
    const { catalog } = makeCatalog({ cli: false });
    await catalog.call("openspec_source_add", { path: makeOpenSpecRepository({}, "shop") });
    const answer = await catalog.call("openspec_context", { identifier: "os_000000" });
    expect(answer).toMatchObject({
      ok: false,
      code: "source_not_found",
      fix: expect.stringMatching(/openspec_source_list.*<source>\/<token>/),
    });
  });
});

describe("openspec_context: its page limit", () => {
  it("GIVEN the artifacts' MAX_PAGE_LIMIT WHEN the tool's schema states its own THEN the two are the same number", async () => {
    const { MAX_PAGE_LIMIT } = await import("@org/openspec-artifacts");
    const { contextTool } = await import("./context-tool.js");
    const schema = toolInputJsonSchema(contextTool) as {
      properties: { limit: { maximum: number } };
    };
    expect(schema.properties.limit.maximum).toBe(MAX_PAGE_LIMIT);
  });
});

describe("openspec_context: last_modified only when asked for", () => {
  it("GIVEN a source with an active and an archived change WHEN the bare answer is asked for THEN no change carries last_modified, and with last_modified: true each one does", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(
      {
        "openspec/changes/add-cart/proposal.md": "# Add cart\n",
        "openspec/changes/archive/2025-11-30-add-search/proposal.md": "# Add search\n",
      },
      "shop",
    );
    await catalog.call("openspec_source_add", { path: root });
    const bare = await catalog.call("openspec_context", { identifier: "shop" });
    expect(bare).toMatchObject({ ok: true, changes: [{ name: "add-cart" }] });
    const listed = bare as unknown as { changes: object[]; archived_changes: object[] };
    expect(listed.changes[0]).not.toHaveProperty("last_modified");
    expect(listed.archived_changes[0]).not.toHaveProperty("last_modified");

    const dated = await catalog.call("openspec_context", {
      identifier: "shop",
      last_modified: true,
    });
    expect(dated).toMatchObject({
      ok: true,
      changes: [{ name: "add-cart", last_modified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }],
      archived_changes: [{ name: "2025-11-30-add-search", last_modified: "2025-11-30" }],
    });
  });
});
