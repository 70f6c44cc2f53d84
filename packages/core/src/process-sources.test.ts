import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { basename, join } from "node:path";
import { makeOpenSpecRepository, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

afterEach(cleanUp);

const CART = {
  "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy several things.\n",
  "openspec/changes/add-cart/tasks.md": "- [x] 1.1 Store it\n- [ ] 1.2 Show it\n",
};

/** A catalog on an empty registry that serves `folders` as process sources. */
function catalogServing(...folders: string[]) {
  return makeCatalog({ cli: false, catalog: { processSources: folders } });
}

describe("process sources: folders a catalog serves without registering them", () => {
  it("GIVEN an empty registry and the catalog started in a repository's subfolder WHEN the repository is named by its basename THEN the tools read it, and the registry stays empty", async () => {
    const root = makeOpenSpecRepository(CART, "shop");
    const inside = join(root, "src", "deep");
    mkdirSync(inside, { recursive: true });
    const { catalog } = catalogServing(inside);

    const listed = await catalog.processSources();
    expect(listed).toEqual({
      ok: true,
      sources: [
        {
          token: expect.stringMatching(/^os_[0-9a-f]{8}$/),
          display_name: "shop",
          path: root,
          registered: false,
        },
      ],
    });
    const overview = await catalog.call("openspec_context", { identifier: "shop" });
    expect(overview).toMatchObject({ ok: true, name: "shop", path: root });
    expect(overview).toMatchObject({
      changes: [{ name: "add-cart", tasks: { completed: 1, total: 2 } }],
    });
    const token = listed.ok ? listed.sources[0]?.token : undefined;
    expect(
      await catalog.call("openspec_task_list", { source: token, change: "add-cart" }),
    ).toMatchObject({
      ok: true,
      done: 1,
      total: 2,
    });
    expect(await catalog.call("openspec_source_list", {})).toEqual({
      ok: true,
      sources: [],
      total: 0,
    });
  });

  it("GIVEN the same folder twice in the option THEN it is one source", async () => {
    const root = makeOpenSpecRepository(CART, "shop");
    const { catalog } = catalogServing(root, join(root, "openspec"), `${root}/`);
    const listed = await catalog.processSources();
    expect(listed.ok && listed.sources.map((source) => source.path)).toEqual([root]);
  });

  it("GIVEN a folder with no openspec/ at or above it, or a relative one THEN there is no process source and its name is source_not_found", async () => {
    const bare = join(temporaryFolder("bare-"), "plain");
    mkdirSync(bare);
    const { catalog } = catalogServing(bare, "relative/folder");
    expect(await catalog.processSources()).toEqual({ ok: true, sources: [] });
    expect(await catalog.call("openspec_context", { identifier: "plain" })).toMatchObject({
      ok: false,
      code: "source_not_found",
    });
  });

  it("GIVEN a catalog without the option WHEN another catalog's process token or the folder's name is passed THEN neither resolves: no input makes a folder a source", async () => {
    const root = makeOpenSpecRepository(CART, "shop");
    const serving = catalogServing(root).catalog;
    const listed = await serving.processSources();
    const token = listed.ok ? (listed.sources[0]?.token ?? "") : "";
    const { catalog } = makeCatalog({ cli: false });
    expect(await catalog.processSources()).toEqual({ ok: true, sources: [] });
    for (const identifier of [token, "shop", `shop/add-cart`]) {
      expect(await catalog.call("openspec_context", { identifier })).toMatchObject({ ok: false });
    }
    expect(
      await catalog.call("openspec_task_list", { source: "shop", change: "add-cart" }),
    ).toMatchObject({
      ok: false,
      code: "source_not_found",
    });
  });

  it("GIVEN the folder is registered (through a symlink) THEN the registered source wins: it is no process source, and its name answers with the registered token", async () => {
    const root = makeOpenSpecRepository(CART, "shop");
    const link = join(temporaryFolder("links-"), "shop");
    symlinkSync(root, link);
    const { catalog } = catalogServing(root);
    const added = await catalog.call("openspec_source_add", { path: link });
    expect(added).toMatchObject({ ok: true });
    const registeredToken =
      added.ok && "source" in added ? (added.source as { token: string }).token : "";

    expect(await catalog.processSources()).toEqual({ ok: true, sources: [] });
    // The registered source's path is the link, the process source's the folder itself.
    expect(await catalog.call("openspec_context", { identifier: "shop" })).toMatchObject({
      ok: true,
      path: link,
    });
    expect(await catalog.call("openspec_context", { identifier: registeredToken })).toMatchObject({
      ok: true,
      path: link,
    });
  });

  it("GIVEN a registered source of the same name in another folder WHEN the name is used THEN ambiguous_source names both, and each token reaches its own folder", async () => {
    const here = makeOpenSpecRepository(CART, "shop");
    const other = makeOpenSpecRepository(
      { "openspec/changes/other-work/proposal.md": "# Other\n\n## Why\n\nElsewhere.\n" },
      "shop",
    );
    const { catalog } = catalogServing(here);
    const added = await catalog.call("openspec_source_add", { path: other });
    const registeredToken =
      added.ok && "source" in added ? (added.source as { token: string }).token : "";
    const listed = await catalog.processSources();
    const processToken = listed.ok ? (listed.sources[0]?.token ?? "") : "";

    const byName = await catalog.call("openspec_context", { identifier: "shop" });
    expect(byName).toMatchObject({ ok: false, code: "ambiguous_source" });
    expect(byName).toMatchObject({
      candidates: [
        { token: registeredToken, path: other },
        { token: processToken, path: here, name: null },
      ],
    });
    expect(await catalog.call("openspec_spec_list", { source: "SHOP" })).toMatchObject({
      code: "ambiguous_source",
    });
    expect(await catalog.call("openspec_context", { identifier: registeredToken })).toMatchObject({
      ok: true,
      path: other,
    });
    expect(
      await catalog.call("openspec_context", { identifier: processToken.toUpperCase() }),
    ).toMatchObject({
      ok: true,
      path: here,
    });
  });

  it("GIVEN two process folders with the same basename THEN the name is ambiguous and the tokens are not", async () => {
    const one = makeOpenSpecRepository(CART, "app");
    const two = makeOpenSpecRepository({}, "app");
    const { catalog } = catalogServing(one, two);
    const listed = await catalog.processSources();
    expect(listed.ok && listed.sources).toHaveLength(2);
    expect(await catalog.call("openspec_context", { identifier: "app" })).toMatchObject({
      code: "ambiguous_source",
    });
    const tokens = listed.ok ? listed.sources.map((source) => source.token) : [];
    expect(new Set(tokens).size).toBe(2);
  });
});

describe("process sources keep the repository's path rules", () => {
  it("GIVEN a change folder symlinked out of the process source THEN it is not listed, not read and not written", async () => {
    const outside = temporaryFolder("outside-");
    writeFiles(outside, {
      "proposal.md": "# OUTSIDE-TEXT\n\n## Why\n\nOutside.\n",
      "tasks.md": "- [ ] 1.1 OUTSIDE-TEXT\n",
    });
    const root = makeOpenSpecRepository(CART, "shop");
    symlinkSync(outside, join(root, "openspec/changes/evil"));
    const { catalog } = catalogServing(root);

    const overview = await catalog.call("openspec_context", { identifier: "shop" });
    expect(JSON.stringify(overview)).not.toContain("OUTSIDE-TEXT");
    expect(overview).toMatchObject({ ok: true, totals: { changes: 1 } });
    expect(
      await catalog.call("openspec_task_set_status", {
        source: "shop",
        change: "evil",
        ids: ["1.1"],
        done: true,
      }),
    ).toMatchObject({
      ok: false,
    });
    expect(readFileSync(join(outside, "tasks.md"), "utf8")).toContain("- [ ] 1.1");
    expect(await catalog.call("openspec_context", { identifier: "shop/evil" })).toMatchObject({
      ok: false,
    });
  });

  it("GIVEN names with .. WHEN a change or spec is written in a process source THEN invalid_name, and nothing lands above the repository", async () => {
    const root = makeOpenSpecRepository(CART, "shop");
    const { catalog } = catalogServing(root);
    const created = await catalog.call("openspec_change_create", {
      source: "shop",
      name: "../escape",
      why: "The change tries to leave the repository through its name, which must be refused.",
      what_changes: ["Nothing lands anywhere."],
    });
    expect(created).toMatchObject({ ok: false, code: "invalid_name" });
    expect(existsSync(join(root, "openspec", "escape"))).toBe(false);
    expect(
      await catalog.call("openspec_spec_show", { source: "shop", name: "../../etc" }),
    ).toMatchObject({ ok: false, code: "invalid_name" });
  });

  it("GIVEN a process source WHEN a task is ticked through the catalog THEN tasks.md in that folder changes", async () => {
    const root = makeOpenSpecRepository(CART, "shop");
    const { catalog } = catalogServing(root);
    const ticked = await catalog.call("openspec_task_set_status", {
      source: basename(root),
      change: "add-cart",
      ids: ["1.2"],
      done: true,
    });
    expect(ticked).toMatchObject({ ok: true, done: 2, total: 2 });
    expect(readFileSync(join(root, "openspec/changes/add-cart/tasks.md"), "utf8")).toContain(
      "- [x] 1.2",
    );
  });
});
