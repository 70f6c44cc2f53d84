import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  copyOfStoresMadeByTheCli,
  fakeOpenSpecBinary,
  makeOpenSpecRepository,
  openSpecStoreRegistryPath,
  registerOpenSpecStore,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

/** A catalog with the real CLI, whose isolated home holds the given stores (id → folder name). */
function withStores(ids: readonly string[]) {
  const made = makeCatalog();
  const folder = realpathSync(temporaryFolder("stores-"));
  return { ...made, folder, roots: copyOfStoresMadeByTheCli(made.env, ids, folder) };
}

describe("openspec_source_import", () => {
  it("GIVEN two stores, one made by store setup and one an existing repository WHEN imported twice THEN the first run adds both under their ids and the second adds nothing, skipping both as already registered", async () => {
    const { catalog, env, roots } = withStores(["handbook"]);
    const repo = makeOpenSpecRepository({}, "team-repo");
    const teamRoot = registerOpenSpecStore(env, "team", repo);

    const first = await catalog.call("openspec_source_import", {});
    const second = await catalog.call("openspec_source_import", {});
    const listed = await catalog.call("openspec_source_list", {});

    expect(first).toMatchObject({
      ok: true,
      dry_run: false,
      listed: 2,
      added: [
        { store: "handbook", name: "handbook", path: roots.handbook },
        { store: "team", name: "team", path: teamRoot },
      ],
      skipped: [],
    });
    const added = first.added as { token: string }[];
    expect(added.every((store) => /^os_[0-9a-f]{6}$/.test(store.token))).toBe(true);
    expect(second).toMatchObject({
      ok: true,
      added: [],
      skipped: [
        {
          store: "handbook",
          reason: "already_registered",
          source: { token: added[0]?.token, display_name: "handbook" },
        },
        {
          store: "team",
          reason: "already_registered",
          source: { token: added[1]?.token, display_name: "team" },
        },
      ],
    });
    expect(listed).toMatchObject({ ok: true, total: 2 });
    expect(await catalog.call("openspec_context", { identifier: "handbook" })).toMatchObject({
      ok: true,
      name: "handbook",
    });
  });

  it("GIVEN a store whose folder was deleted and one whose openspec/ was removed WHEN imported THEN both are skipped with their reason and nothing is registered", async () => {
    const { catalog, roots } = withStores(["gone", "hollow", "kept"]);
    rmSync(roots.gone as string, { recursive: true });
    rmSync(join(roots.hollow as string, "openspec"), { recursive: true });

    const result = await catalog.call("openspec_source_import", {});

    expect(result).toMatchObject({
      ok: true,
      listed: 3,
      added: [{ store: "kept" }],
      skipped: [
        { store: "gone", path: roots.gone, reason: "path_missing", source: null },
        { store: "hollow", path: roots.hollow, reason: "no_openspec_folder", source: null },
      ],
    });
    const skipped = result.skipped as { detail: string }[];
    // An agent is told the OpenSpec CLI's own commands, with no mark left in them.
    expect(skipped[0]?.detail).toMatch(/forget the store with: openspec store unregister gone\.$/);
    expect(skipped[1]?.detail).toContain("; run openspec store doctor hollow to see");
    expect(JSON.stringify(skipped)).not.toContain("{openspec}");
    expect(await catalog.call("openspec_source_list", {})).toMatchObject({ total: 1 });
  });

  it("GIVEN sources that already answer to the store id and to id-store WHEN imported THEN the store gets handbook-store-2 and neither source changes", async () => {
    const { catalog, roots } = withStores(["handbook"]);
    const named = makeOpenSpecRepository({}, "manual");
    const unnamed = makeOpenSpecRepository({}, "handbook-store");
    const first = await catalog.call("openspec_source_add", { path: named, name: "Handbook" });
    const second = await catalog.call("openspec_source_add", { path: unnamed });

    const result = await catalog.call("openspec_source_import", {});

    expect(result).toMatchObject({
      ok: true,
      added: [{ store: "handbook", name: "handbook-store-2", path: roots.handbook }],
      skipped: [],
    });
    const list = await catalog.call("openspec_source_list", {});
    expect(list.sources).toEqual([first.source, second.source, expect.anything()]);
    expect(await catalog.call("openspec_context", { identifier: "handbook" })).toMatchObject({
      ok: true,
      path: named,
    });
  });

  it("GIVEN sources that hold the store id and every suffixed name WHEN imported THEN the store is skipped as name_taken with a fix to name it, and no source changes", async () => {
    const { catalog } = withStores(["handbook"]);
    const names = [
      "handbook",
      "handbook-store",
      ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `handbook-store-${n}`),
    ];
    for (const name of names) {
      const folder = join(temporaryFolder("taken-"), name);
      mkdirSync(folder);
      expect(await catalog.call("openspec_source_add", { path: folder, name })).toMatchObject({
        ok: true,
      });
    }
    const before = await catalog.call("openspec_source_list", {});

    const result = await catalog.call("openspec_source_import", {});

    expect(result).toMatchObject({
      ok: true,
      added: [],
      skipped: [{ store: "handbook", reason: "name_taken", source: null }],
    });
    expect((result.skipped as { detail: string }[])[0]?.detail).toContain("--name");
    expect(await catalog.call("openspec_source_list", {})).toEqual(before);
  });

  it("GIVEN a dry run WHEN imported THEN it reports the same additions a real run then makes, with no token, and registers nothing", async () => {
    const { catalog, roots } = withStores(["alpha", "beta"]);
    await catalog.call("openspec_source_add", {
      path: makeOpenSpecRepository({}, "other"),
      name: "alpha",
    });

    const dry = await catalog.call("openspec_source_import", { dry_run: true });
    const afterDry = await catalog.call("openspec_source_list", {});
    const real = await catalog.call("openspec_source_import", {});

    expect(dry).toMatchObject({
      ok: true,
      dry_run: true,
      added: [
        { store: "alpha", name: "alpha-store", path: roots.alpha, token: null },
        { store: "beta", name: "beta", path: roots.beta, token: null },
      ],
    });
    expect(afterDry).toMatchObject({ total: 1 });
    const names = (result: Record<string, unknown>) =>
      (result.added as { store: string; name: string }[]).map(({ store, name }) => [store, name]);
    expect(names(real)).toEqual(names(dry));
  });

  it("GIVEN a store's folder registered already under another name, also through a symlink WHEN imported THEN it is skipped as already registered with that source", async () => {
    const { catalog, roots, folder } = withStores(["docs", "linked"]);
    const link = join(folder, "link-to-linked");
    symlinkSync(roots.linked as string, link);
    await catalog.call("openspec_source_add", { path: roots.docs, name: "documentation" });
    await catalog.call("openspec_source_add", { path: link, name: "via-link" });

    const result = await catalog.call("openspec_source_import", { dry_run: true });

    expect(result).toMatchObject({
      ok: true,
      added: [],
      skipped: [
        {
          store: "docs",
          reason: "already_registered",
          source: { display_name: "documentation" },
        },
        { store: "linked", reason: "already_registered", source: { display_name: "via-link" } },
      ],
    });
  });

  it("GIVEN stores asked for by id, one of them unknown WHEN imported THEN only the known one is added and the unknown one is skipped as unknown_store", async () => {
    const { catalog } = withStores(["alpha", "beta"]);

    const result = await catalog.call("openspec_source_import", { stores: ["beta", "nope"] });

    expect(result).toMatchObject({
      ok: true,
      listed: 2,
      added: [{ store: "beta" }],
      skipped: [{ store: "nope", path: null, reason: "unknown_store", source: null }],
    });
  });

  it("GIVEN a store id that is not kebab-case WHEN asked for THEN the input is refused", async () => {
    const { catalog } = makeCatalog();
    const result = await catalog.call("openspec_source_import", { stores: ["../escape"] });
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
  });

  it("GIVEN a store id longer than a source name may be WHEN imported THEN it is skipped as invalid_name with a fix to name it", async () => {
    const long = `store-${"a".repeat(70)}`;
    const { catalog } = withStores([long]);
    const result = await catalog.call("openspec_source_import", {});
    expect(result).toMatchObject({
      ok: true,
      added: [],
      skipped: [{ store: long, reason: "invalid_name" }],
    });
    expect((result.skipped as { detail: string }[])[0]?.detail).toContain("--name");
  });

  it("GIVEN a hand-edited store registry with a relative root and a file as root WHEN imported THEN both are skipped and nothing is registered", async () => {
    const { catalog, env, home } = makeCatalog();
    const file = join(home, "notes.txt");
    writeFileSync(file, "not a folder\n");
    mkdirSync(join(home, "relative", "openspec"), { recursive: true });
    writeStoreRegistry(env, {
      file: file,
      relative: "relative",
    });

    const result = await catalog.call("openspec_source_import", {});

    expect(result).toMatchObject({
      ok: true,
      added: [],
      skipped: [
        { store: "file", reason: "not_a_directory" },
        { store: "relative", path: "relative", reason: "invalid_path" },
      ],
    });
    expect(await catalog.call("openspec_source_list", {})).toMatchObject({ total: 0 });
  });

  it("GIVEN a damaged store registry WHEN imported THEN the CLI's diagnostic and fix come back as the failure", async () => {
    const { catalog, env } = makeCatalog();
    const registryFile = writeStoreRegistry(env, {});
    writeFileSync(registryFile, "stores: [\n");

    const result = await catalog.call("openspec_source_import", {});

    expect(result).toMatchObject({ ok: false, code: "exit_nonzero" });
    expect(result.error).toContain("Invalid store registry state");
    expect(result.fix).toContain(registryFile);
  });

  it("GIVEN a CLI without the store command WHEN imported THEN cli_failed says the CLI keeps no stores", async () => {
    const bin = fakeOpenSpecBinary("echo \"error: unknown command 'store'\" >&2\nexit 1");
    const { catalog } = makeCatalog({ env: { OPENSPEC_BIN: bin } });
    const result = await catalog.call("openspec_source_import", {});
    expect(result).toMatchObject({ ok: false, code: "cli_failed" });
    expect(result.error).toContain("no `store` command");
  });

  it("GIVEN a CLI that prints another shape WHEN imported THEN cli_failed, and nothing is registered", async () => {
    const bin = fakeOpenSpecBinary(`echo '{"stores": [{"name": "x"}]}'`);
    const { catalog } = makeCatalog({ env: { OPENSPEC_BIN: bin } });
    const result = await catalog.call("openspec_source_import", {});
    expect(result).toMatchObject({ ok: false, code: "cli_failed" });
    expect(await catalog.call("openspec_source_list", {})).toMatchObject({ total: 0 });
  });
});

/** Writes the CLI's store registry file by hand, as a person editing it could; returns its path. */
function writeStoreRegistry(
  env: Record<string, string | undefined>,
  stores: Record<string, string>,
): string {
  const file = openSpecStoreRegistryPath(env);
  mkdirSync(dirname(file), { recursive: true });
  const entries = Object.entries(stores).map(
    ([id, root]) =>
      `  ${id}:\n    backend:\n      type: git\n      local_path: ${JSON.stringify(root)}\n`,
  );
  writeFileSync(
    file,
    `version: 1\nstores:${entries.length === 0 ? " {}" : ""}\n${entries.join("")}`,
  );
  return file;
}
