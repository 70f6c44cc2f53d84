import { readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";
import { toolCatalog } from "./tool-catalog.js";

afterEach(cleanUp);

const spec = {
  title: "T",
  purpose: "A purpose that is long enough to satisfy the strict validator of OpenSpec.",
  requirements: [{ name: "R", description: "It SHALL work." }],
};

describe("untrusted input", () => {
  it("GIVEN arguments of the wrong type for every tool WHEN called THEN each returns ok false with invalid_input and a sentence", async () => {
    const { catalog } = makeCatalog({ cli: false });
    for (const tool of toolCatalog) {
      for (const args of [42, "text", [], { unexpected: true }, { workdir: 7, source: false }]) {
        const result = await catalog.call(tool.name, args);
        expect(result, `${tool.name} ${JSON.stringify(args)}`).toMatchObject({
          ok: false,
          code: "invalid_input",
        });
        expect(result.ok === false && result.error).toMatch(
          /^Invalid input for openspec_\w+: .+\.$/,
        );
      }
    }
  });

  it("GIVEN a field holding an object whose length cannot become a number WHEN any tool is called THEN it answers invalid_input naming the field, and does not throw", async () => {
    const { catalog } = makeCatalog({ cli: false });
    // zod's length checks still run after the type check failed, on anything with a length.
    const hostile = { length: { toString: {} } };
    let named = 0;
    for (const tool of toolCatalog) {
      for (const field of Object.keys(tool.inputSchema.shape)) {
        const result = await catalog.call(tool.name, { [field]: hostile });
        expect(result, `${tool.name} ${field}`).toMatchObject({ ok: false, code: "invalid_input" });
        // The first issue names the first field in error: this one, or a required one before it.
        if (result.ok === false && result.error.includes("received object")) {
          expect(result.error).toMatch(
            new RegExp(`^Invalid input for ${tool.name}: ${field}: .+\\.$`),
          );
          named += 1;
        }
      }
    }
    expect(named).toBeGreaterThan(toolCatalog.length);
    expect(
      await catalog.call("openspec_task_set_status", {
        source: hostile,
        change: "c",
        ids: ["1.1"],
      }),
    ).toMatchObject({
      error:
        "Invalid input for openspec_task_set_status: source: Invalid input: expected string, received object.",
    });
  });

  it("WHEN an unknown tool is called THEN ok is false with unknown_tool and the known names", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const result = await catalog.call("openspec_delete_everything", {});
    expect(result).toMatchObject({ ok: false, code: "unknown_tool" });
    expect(result.ok === false && result.fix).toContain("openspec_context");
  });

  it.each(["../evil", "/etc/evil", "a/b", "..", "-rf", "nul\u0000byte", "C:\\evil"])(
    "GIVEN the spec name %j WHEN openspec_spec_create is called THEN ok is false and nothing is written anywhere",
    async (name) => {
      const { catalog } = makeCatalog({ cli: false });
      const root = makeOpenSpecRepository();
      const result = await catalog.call("openspec_spec_create", { workdir: root, name, ...spec });
      expect(result).toMatchObject({ ok: false, code: "invalid_name" });
      expect(
        readdirSync(join(root, "openspec/specs")).filter((entry) => !entry.startsWith(".")),
      ).toEqual([]);
    },
  );

  it.each(["../../outside", "/tmp", "archive", "-x"])(
    "GIVEN the change name %j WHEN spec tools are called with it THEN ok is false",
    async (change) => {
      const { catalog } = makeCatalog({ cli: false });
      const root = makeOpenSpecRepository();
      for (const [tool, args] of [
        ["openspec_spec_create", { name: "x", ...spec }],
        ["openspec_spec_show", { name: "x" }],
        ["openspec_spec_list", {}],
      ] as const) {
        expect(await catalog.call(tool, { workdir: root, change, ...args })).toMatchObject({
          ok: false,
        });
      }
    },
  );

  it("GIVEN a spec folder symlinked out of the repository WHEN creating a spec with force through it THEN ok is false and the outside is unchanged", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const outside = temporaryFolder("outside-");
    symlinkSync(outside, join(root, "openspec/specs/leak"));
    const result = await catalog.call("openspec_spec_create", {
      workdir: root,
      name: "leak",
      force: true,
      ...spec,
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(readdirSync(outside)).toEqual([]);
  });

  it("GIVEN a relative workdir WHEN a repository tool is called THEN ok is false with a fix that asks for an absolute path", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const result = await catalog.call("openspec_spec_list", { workdir: "some/where" });
    expect(result).toMatchObject({ ok: false, code: "invalid_workdir" });
    expect(result.ok === false && result.fix).toMatch(/absolute/);
  });

  it("GIVEN neither source nor workdir WHEN a repository tool is called THEN ok is false with missing_target", async () => {
    const { catalog } = makeCatalog({ cli: false });
    expect(await catalog.call("openspec_spec_list", {})).toMatchObject({
      ok: false,
      code: "missing_target",
    });
  });

  it("GIVEN a default workdir WHEN a repository tool names neither source nor workdir THEN the default is used", async () => {
    const root = makeOpenSpecRepository();
    const { catalog } = makeCatalog({ cli: false, catalog: { defaultWorkdir: root } });
    expect(await catalog.call("openspec_spec_list", {})).toMatchObject({ ok: true, specs: [] });
  });
});

describe("source tools", () => {
  it("GIVEN a repository WHEN it is added, listed, renamed and removed THEN each step answers with the source and its token stays", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const added = await catalog.call("openspec_source_add", { path: root, name: "webshop" });
    expect(added).toMatchObject({
      ok: true,
      source: { name: "webshop", path: root, has_openspec: true },
    });
    const token = (added as unknown as { source: { token: string } }).source.token;
    expect(token).toMatch(/^os_[0-9a-f]{6}$/);
    expect(await catalog.call("openspec_source_list", {})).toMatchObject({
      ok: true,
      total: 1,
      sources: [{ token }],
    });
    expect(
      await catalog.call("openspec_source_update", { source: "webshop", name: "store" }),
    ).toMatchObject({
      ok: true,
      source: { token, name: "store" },
    });
    expect(
      await catalog.call("openspec_source_update", { source: token, name: null }),
    ).toMatchObject({
      ok: true,
      source: { token, name: null, display_name: "shop" },
    });
    expect(await catalog.call("openspec_source_remove", { source: "shop" })).toMatchObject({
      ok: true,
      source: { token },
    });
    expect(await catalog.call("openspec_source_list", {})).toMatchObject({
      ok: true,
      total: 0,
      sources: [],
    });
  });

  it("GIVEN a relative path WHEN openspec_source_add is called THEN ok is false with invalid_path", async () => {
    const { catalog } = makeCatalog({ cli: false });
    expect(await catalog.call("openspec_source_add", { path: "relative/repo" })).toMatchObject({
      ok: false,
      code: "invalid_path",
    });
  });

  it("GIVEN a name with a slash WHEN openspec_source_add is called THEN ok is false with invalid_name", async () => {
    const { catalog } = makeCatalog({ cli: false });
    expect(
      await catalog.call("openspec_source_add", { path: makeOpenSpecRepository(), name: "a/b" }),
    ).toMatchObject({
      ok: false,
      code: "invalid_name",
    });
  });

  it("GIVEN two unnamed sources with one basename WHEN a tool names it THEN ok is false with ambiguous_source and both candidates", async () => {
    const { catalog } = makeCatalog({ cli: false });
    await catalog.call("openspec_source_add", { path: makeOpenSpecRepository({}, "api") });
    await catalog.call("openspec_source_add", { path: makeOpenSpecRepository({}, "api") });
    const result = await catalog.call("openspec_spec_list", { source: "api" });
    expect(result).toMatchObject({ ok: false, code: "ambiguous_source" });
    expect((result as unknown as { candidates: unknown[] }).candidates).toHaveLength(2);
  });
});
