import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { type CliRunToCheck, findCliEscape } from "./find-cli-escape.js";
import { MANY_YAML_KEYS } from "./test-support/many-yaml-keys.js";

// The YAML parser, counted: a file it would spend seconds on must never reach it.
vi.mock("yaml", async (importOriginal) => {
  const yaml = await importOriginal<typeof import("yaml")>();
  return { ...yaml, parse: vi.fn(yaml.parse) };
});

afterEach(removeTemporaryFolders);

/** 7,000 keys in 64 KiB, with a store pointer at the end: seconds of the YAML parser. */
const HOSTILE_CONFIG = `schema: spec-driven\n${MANY_YAML_KEYS}references: [../outside]\n`;

const OUTSIDE = "OUTSIDE-THE-SOURCE";

/** A source the CLI takes as its own root (specs/ and changes/), beside a folder outside it. */
function sourceAndOutside(files: Record<string, string> = {}) {
  const parent = temporaryFolder("escape-");
  const folder = join(parent, "source");
  writeFiles(folder, {
    "openspec/specs/.keep": "",
    "openspec/changes/c/proposal.md": "# c\n",
    "openspec/changes/c/.openspec.yaml": "schema: spec-driven\n",
    ...files,
  });
  const outside = join(parent, "outside");
  writeFiles(outside, {
    "secret.md": `${OUTSIDE}\n`,
    "config.yaml": `context: ${OUTSIDE}\n`,
    "templates/proposal.md": `${OUTSIDE}\n`,
  });
  return { folder, outside };
}

function check(folder: string, args: string[], more: Partial<CliRunToCheck> = {}) {
  return findCliEscape({ folder, args, storesAllowed: true, confined: false, ...more });
}

const EVIL_SCHEMA =
  "name: evil\nversion: 1\nartifacts:\n  - id: proposal\n    generates: proposal.md\n    template: proposal.md\n";

describe("findCliEscape: what would lead the OpenSpec CLI outside its source", () => {
  it("GIVEN a source with specs/ and changes/ WHEN a run names a change THEN it may go, confined or not", async () => {
    const { folder } = sourceAndOutside();
    expect(await check(folder, ["status", "--change", "c"])).toBeUndefined();
    expect(await check(folder, ["status", "--change", "c"], { confined: true })).toBeUndefined();
  });

  it("GIVEN openspec/ with neither specs/, changes/ nor config.yaml, inside a parent project WHEN any run is checked, confined or not THEN no_openspec_root, since the CLI would work in the parent", async () => {
    const parent = temporaryFolder("parent-project-");
    writeFiles(parent, {
      "openspec/specs/.keep": "",
      "openspec/changes/theirs/proposal.md": "# x\n",
    });
    const folder = join(parent, "nested");
    mkdirSync(join(folder, "openspec"), { recursive: true });
    for (const confined of [false, true]) {
      const refused = await check(folder, ["new", "change", "x"], { confined });
      expect(refused).toMatchObject({
        ok: false,
        code: "no_openspec_root",
        fix: expect.any(String),
      });
      expect(refused?.error).toMatch(/^[^.]*folder above it\.$|project above it\.$/);
      expect(JSON.stringify(refused)).not.toContain(parent);
    }
  });

  it("GIVEN openspec/ holding only config.yaml WHEN a run is checked THEN it may go: the CLI takes such a folder as its root", async () => {
    const folder = temporaryFolder("config-only-");
    writeFiles(folder, { "openspec/config.yaml": "schema: spec-driven\n" });
    expect(await check(folder, ["list"])).toBeUndefined();
  });

  it("GIVEN a committed store marker openspec/changes/.openspec-store/store.yaml WHEN a run is checked, confined or not THEN no_openspec_root naming the marker", async () => {
    const { folder } = sourceAndOutside({
      "openspec/changes/.openspec-store/store.yaml": "version: 1\nid: changes\n",
    });
    for (const confined of [false, true]) {
      const refused = await check(folder, ["archive", "c"], { confined });
      expect(refused).toMatchObject({ ok: false, code: "no_openspec_root" });
      expect(refused?.error).toContain("openspec/changes/.openspec-store/store.yaml");
    }
  });

  it.each([
    ["store: in config.yaml", { "openspec/config.yaml": "store: team\n" }, ["show", "c"]],
    [
      "references: in config.yaml",
      { "openspec/config.yaml": "references:\n  - team\n" },
      ["instructions", "proposal", "--change", "c"],
    ],
    ["--store in the call", {}, ["list", "--store", "team"]],
    ["--store= in the call", {}, ["list", "--store=team"]],
  ] as const)(
    "GIVEN %s WHEN stores are not allowed THEN store_not_allowed; WHEN they are, or the run is confined, THEN it may go",
    async (_, files, args) => {
      const parent = temporaryFolder("stores-");
      const folder = join(parent, "source");
      writeFiles(folder, { "openspec/changes/c/proposal.md": "# c\n", ...files });
      const refused = await check(folder, [...args], { storesAllowed: false });
      expect(refused).toMatchObject({
        ok: false,
        code: "store_not_allowed",
        fix: expect.stringContaining("OPENSPEC_AGENT_ALLOW_STORES"),
      });
      expect(await check(folder, [...args], { storesAllowed: true })).toBeUndefined();
      expect(
        await check(folder, [...args], { storesAllowed: false, confined: true }),
      ).toBeUndefined();
    },
  );

  it("GIVEN openspec/config.yaml, a symlink to a YAML file outside WHEN a run is checked THEN path_outside_repository naming the link; confined, it may go", async () => {
    const { folder, outside } = sourceAndOutside();
    symlinkSync(join(outside, "config.yaml"), join(folder, "openspec/config.yaml"));
    const refused = await check(folder, ["instructions", "proposal", "--change", "c"]);
    expect(refused).toMatchObject({
      ok: false,
      code: "path_outside_repository",
      path: "openspec/config.yaml",
    });
    expect(JSON.stringify(refused)).not.toContain(outside);
    expect(await check(folder, ["list"], { confined: true })).toBeUndefined();
  });

  it("GIVEN openspec/config.yaml is a FIFO nobody writes to WHEN a run is checked THEN not_a_regular_file, answered without opening it", async () => {
    const { folder } = sourceAndOutside();
    execFileSync("mkfifo", [join(folder, "openspec/config.yaml")]);
    expect(await check(folder, ["list"])).toMatchObject({
      ok: false,
      code: "not_a_regular_file",
      path: "openspec/config.yaml",
    });
  });

  it("GIVEN a config.yaml of 7,000 keys in 64 KiB WHEN a run is checked where stores are not allowed THEN config_too_structured names the file, and the YAML parser never reads it", async () => {
    const { folder } = sourceAndOutside({ "openspec/config.yaml": HOSTILE_CONFIG });
    vi.mocked(parse).mockClear();
    const refused = await check(folder, ["list", "--json"], { storesAllowed: false });
    expect(refused).toMatchObject({
      ok: false,
      code: "config_too_structured",
      path: "openspec/config.yaml",
      fix: expect.stringContaining("openspec/config.yaml"),
    });
    expect(refused?.error).toMatch(/^openspec\/config\.yaml [^.]*\.$/);
    expect(vi.mocked(parse)).not.toHaveBeenCalled();
  });

  it("GIVEN the same config.yaml WHEN a run is checked where stores are allowed, or confined THEN it may go, and the YAML parser never reads it", async () => {
    const { folder } = sourceAndOutside({ "openspec/config.yaml": HOSTILE_CONFIG });
    vi.mocked(parse).mockClear();
    expect(await check(folder, ["list", "--json"])).toBeUndefined();
    expect(
      await check(folder, ["list", "--json"], { storesAllowed: false, confined: true }),
    ).toBeUndefined();
    expect(vi.mocked(parse)).not.toHaveBeenCalled();
  });

  it("GIVEN openspec/ itself a symlink to a project outside WHEN a run is checked THEN path_outside_repository", async () => {
    const parent = temporaryFolder("linked-openspec-");
    writeFiles(parent, { "elsewhere/openspec/specs/.keep": "" });
    const folder = join(parent, "source");
    mkdirSync(folder);
    symlinkSync(join(parent, "elsewhere/openspec"), join(folder, "openspec"));
    expect(await check(folder, ["list"])).toMatchObject({
      ok: false,
      code: "path_outside_repository",
      path: "openspec",
    });
  });

  it.each([
    [
      "config.yaml",
      { "openspec/config.yaml": "schema: evil\n" },
      ["instructions", "proposal", "--change", "c"],
    ],
    [
      "the change's .openspec.yaml",
      { "openspec/changes/c/.openspec.yaml": "schema: evil\n" },
      ["status", "--change", "c"],
    ],
    ["--schema", {}, ["templates", "--schema", "evil"]],
  ] as const)(
    "GIVEN the schema evil selected by %s, its templates folder a symlink out WHEN the run is checked THEN path_outside_repository naming the link",
    async (_, files, args) => {
      const { folder, outside } = sourceAndOutside({
        "openspec/schemas/evil/schema.yaml": EVIL_SCHEMA,
        ...files,
      });
      symlinkSync(join(outside, "templates"), join(folder, "openspec/schemas/evil/templates"));
      const refused = await check(folder, [...args]);
      expect(refused).toMatchObject({
        ok: false,
        code: "path_outside_repository",
        path: "openspec/schemas/evil/templates",
      });
      expect(refused?.error).toMatch(/\.$/);
      expect(JSON.stringify(refused)).not.toContain(outside);
      expect(await check(folder, [...args], { confined: true })).toBeUndefined();
    },
  );

  it("GIVEN a schema folder that is itself a symlink out, and one whose template is a symlink that stays inside WHEN runs are checked THEN the first is refused and the second may go", async () => {
    const { folder, outside } = sourceAndOutside();
    writeFiles(outside, { "evil/schema.yaml": EVIL_SCHEMA });
    mkdirSync(join(folder, "openspec/schemas"), { recursive: true });
    symlinkSync(join(outside, "evil"), join(folder, "openspec/schemas/evil"));
    expect(await check(folder, ["schemas"])).toMatchObject({
      code: "path_outside_repository",
      path: "openspec/schemas/evil",
    });

    rmSync(join(folder, "openspec/schemas/evil"));
    writeFiles(folder, {
      "openspec/schemas/fine/schema.yaml": EVIL_SCHEMA,
      "docs/proposal.md": "# template\n",
    });
    mkdirSync(join(folder, "openspec/schemas/fine/templates"));
    symlinkSync(
      join(folder, "docs/proposal.md"),
      join(folder, "openspec/schemas/fine/templates/proposal.md"),
    );
    expect(await check(folder, ["schemas"])).toBeUndefined();
  });

  it("GIVEN a schema template that is a FIFO WHEN a run is checked THEN not_a_regular_file, answered without opening it", async () => {
    const { folder } = sourceAndOutside({ "openspec/schemas/evil/schema.yaml": EVIL_SCHEMA });
    mkdirSync(join(folder, "openspec/schemas/evil/templates"));
    execFileSync("mkfifo", [join(folder, "openspec/schemas/evil/templates/proposal.md")]);
    expect(
      await check(folder, ["instructions", "proposal", "--change", "c", "--schema", "evil"]),
    ).toMatchObject({
      code: "not_a_regular_file",
      path: "openspec/schemas/evil/templates/proposal.md",
    });
  });

  it.each([
    ["status", "--change", "c"],
    ["show", "c"],
    ["validate", "c"],
    ["archive", "c"],
    ["instructions", "tasks", "--change=c"],
  ])(
    "GIVEN the change c's .openspec.yaml a symlink to a file outside WHEN `%s %s %s` is checked THEN path_outside_repository; a FIFO there is not_a_regular_file",
    async (...args) => {
      const { folder, outside } = sourceAndOutside();
      const metadata = join(folder, "openspec/changes/c/.openspec.yaml");
      rmSync(metadata);
      symlinkSync(join(outside, "config.yaml"), metadata);
      expect(await check(folder, args)).toMatchObject({
        code: "path_outside_repository",
        path: "openspec/changes/c/.openspec.yaml",
      });
      rmSync(metadata);
      execFileSync("mkfifo", [metadata]);
      expect(await check(folder, args)).toMatchObject({
        code: "not_a_regular_file",
        path: "openspec/changes/c/.openspec.yaml",
      });
    },
  );

  it("GIVEN a named change whose tasks.md, or a delta spec, is a FIFO nobody writes to WHEN `validate c` is checked THEN not_a_regular_file naming the file, answered without opening it; another change may go", async () => {
    const { folder } = sourceAndOutside({ "openspec/changes/d/proposal.md": "# d\n" });
    execFileSync("mkfifo", [join(folder, "openspec/changes/c/tasks.md")]);
    expect(await check(folder, ["validate", "c", "--type", "change"])).toMatchObject({
      code: "not_a_regular_file",
      path: "openspec/changes/c/tasks.md",
    });
    expect(await check(folder, ["validate", "d", "--type", "change"])).toBeUndefined();
    rmSync(join(folder, "openspec/changes/c/tasks.md"));
    mkdirSync(join(folder, "openspec/changes/c/specs/auth"), { recursive: true });
    execFileSync("mkfifo", [join(folder, "openspec/changes/c/specs/auth/spec.md")]);
    expect(await check(folder, ["show", "c"])).toMatchObject({
      code: "not_a_regular_file",
      path: "openspec/changes/c/specs/auth/spec.md",
    });
  });
});
