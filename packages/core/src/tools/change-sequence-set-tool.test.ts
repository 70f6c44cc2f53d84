import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { changeToken, specToken } from "@org/openspec-artifacts";
import { makeOpenSpecRepository, runRealOpenSpec } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

/** A change that `openspec validate --strict` accepts, with every task done. */
function change(name: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    [`openspec/changes/${name}/proposal.md`]: `# ${name}\n\n## Why\n\nThe ${name} step is needed so that the rollout can go ahead in order.\n\n## What Changes\n\n- Add ${name}.\n`,
    [`openspec/changes/${name}/tasks.md`]: "## 1. Work\n\n- [x] 1.1 Do it\n",
    [`openspec/changes/${name}/specs/${name}/spec.md`]: `## ADDED Requirements\n\n### Requirement: ${name} works\nThe system SHALL provide ${name}.\n\n#### Scenario: Used\n- **WHEN** someone uses ${name}\n- **THEN** it works\n`,
    ...extra,
  };
}

function rollout(files: Record<string, string> = {}): string {
  return makeOpenSpecRepository({
    ...change("phase-one", {
      "openspec/changes/phase-one/.openspec.yaml":
        "# kept by hand\nschema: spec-driven\ncreated: 2026-12-01\n",
    }),
    ...change("phase-two"),
    ...change("final-proof"),
    ...files,
  });
}

const metadataOf = (root: string, name: string) =>
  readFileSync(join(root, `openspec/changes/${name}/.openspec.yaml`), "utf8");

describe("openspec_change_sequence_set", () => {
  it("GIVEN three active changes WHEN they are sequenced with final-proof needing both phases THEN each .openspec.yaml records its place, the CLI's keys and comments stay, and the answer shows what blocks each", async () => {
    const { catalog } = makeCatalog();
    const root = rollout();
    const result = await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-one", "phase-two", "final-proof"],
      group: "poc",
      depends_on: { "final-proof": ["phase-one", "phase-two"] },
    });
    expect(result).toMatchObject({
      ok: true,
      group: "poc",
      changes: [
        {
          name: "phase-one",
          sequence: { group: "poc", position: 1, depends_on: [], blocked_by: [] },
        },
        { name: "phase-two", sequence: { position: 2, depends_on: [] } },
        {
          name: "final-proof",
          sequence: {
            position: 3,
            depends_on: ["phase-one", "phase-two"],
            blocked_by: ["phase-one", "phase-two"],
          },
        },
      ],
      removed: [],
    });
    // Read as the earlier Python plugin's callers read it: its group and dependency names.
    const changes = (result as unknown as { changes: { sequence: Record<string, unknown> }[] })
      .changes;
    expect(changes[2]?.sequence).toMatchObject({
      groupId: "poc",
      dependsOn: ["phase-one", "phase-two"],
    });
    const first = metadataOf(root, "phase-one");
    expect(first).toContain("# kept by hand");
    expect(parse(first)).toEqual({
      schema: "spec-driven",
      created: "2026-12-01",
      sequence: { group: "poc", position: 1 },
    });
    // A change without .openspec.yaml gets the file `openspec new change` writes, plus its place.
    expect(parse(metadataOf(root, "final-proof"))).toMatchObject({
      schema: "spec-driven",
      sequence: { group: "poc", position: 3, depends_on: ["phase-one", "phase-two"] },
    });
  });

  it("GIVEN os_ tokens in changes and on both sides of depends_on WHEN sequenced THEN each is taken as the change it names, and the answer and files use folder names", async () => {
    const { catalog } = makeCatalog();
    const root = rollout();
    const result = await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: [changeToken("phase-one"), "phase-two", changeToken("final-proof")],
      group: "poc",
      depends_on: { [changeToken("final-proof")]: [changeToken("phase-one"), "phase-two"] },
    });
    expect(result).toMatchObject({
      ok: true,
      changes: [
        { name: "phase-one", sequence: { position: 1 } },
        { name: "phase-two", sequence: { position: 2 } },
        { name: "final-proof", sequence: { position: 3, depends_on: ["phase-one", "phase-two"] } },
      ],
    });
    expect(parse(metadataOf(root, "final-proof"))).toMatchObject({
      sequence: { group: "poc", position: 3, depends_on: ["phase-one", "phase-two"] },
    });
  });

  it("GIVEN the token of a spec, of an archived change or of nothing WHEN sequenced THEN change_not_found says what the token names and nothing is written", async () => {
    const { catalog } = makeCatalog();
    const root = rollout({
      "openspec/specs/phase-zero/spec.md":
        "# Phase zero\n\n## Purpose\nWhat came before the rollout.\n\n## Requirements\n\n### Requirement: Zero\nThe system SHALL start.\n\n#### Scenario: Start\n- **WHEN** it starts\n- **THEN** it runs\n",
      "openspec/changes/archive/2026-11-30-warm-up/proposal.md":
        "# warm-up\n\n## Why\n\nDone already.\n\n## What Changes\n\n- Warm up.\n",
    });
    const spec = await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-one", specToken("phase-zero/spec.md")],
    });
    expect(spec).toMatchObject({
      ok: false,
      code: "change_not_found",
      error: `The token "${specToken("phase-zero/spec.md")}" names the spec "phase-zero", not a change.`,
    });
    const archived = await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-one", "phase-two"],
      depends_on: { "phase-two": [changeToken("2026-11-30-warm-up")] },
    });
    expect(archived).toMatchObject({
      ok: false,
      code: "change_not_found",
      error: expect.stringContaining('names the archived change "2026-11-30-warm-up"'),
    });
    const nothing = await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["os_abcdef"],
    });
    expect(nothing).toMatchObject({ ok: false, code: "change_not_found" });
    expect(existsSync(join(root, "openspec/changes/phase-two/.openspec.yaml"))).toBe(false);
  });

  it("GIVEN sequenced changes WHEN the pinned CLI validates, lists and archives them THEN it accepts the extra key, and the archive keeps it", async () => {
    const { catalog } = makeCatalog();
    const root = rollout();
    await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-one", "final-proof"],
      depends_on: { "final-proof": ["phase-one"] },
    });
    const validate = await runRealOpenSpec(root, ["validate", "final-proof", "--strict", "--json"]);
    expect(validate.status, validate.stderr).toBe(0);
    expect(JSON.parse(validate.stdout).summary.totals.failed).toBe(0);
    const list = await runRealOpenSpec(root, ["list", "--json"]);
    expect(list.status, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).changes.map((c: { name: string }) => c.name)).toContain(
      "final-proof",
    );
    const archived = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "phase-one",
    });
    expect(archived).toMatchObject({ ok: true });
    const path = (archived as unknown as { path: string }).path;
    expect(parse(readFileSync(join(root, path, ".openspec.yaml"), "utf8"))).toMatchObject({
      sequence: { group: "default", position: 1 },
    });
  });

  it("GIVEN a dependency that leads back WHEN set THEN dependency_cycle names the cycle and nothing is written", async () => {
    const { catalog } = makeCatalog();
    const root = rollout();
    const before = metadataOf(root, "phase-one");
    const result = await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-one", "phase-two"],
      depends_on: { "phase-one": ["phase-two"], "phase-two": ["phase-one"] },
    });
    expect(result).toMatchObject({
      ok: false,
      code: "dependency_cycle",
      error: expect.stringContaining("phase-one → phase-two → phase-one"),
      cycle: ["phase-one", "phase-two", "phase-one"],
    });
    expect(metadataOf(root, "phase-one")).toBe(before);
    expect(existsSync(join(root, "openspec/changes/phase-two/.openspec.yaml"))).toBe(false);
  });

  it("GIVEN a cycle through another group's recorded dependency WHEN set THEN it is refused too", async () => {
    const { catalog } = makeCatalog();
    const root = rollout();
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["phase-one", "phase-two"],
        group: "a",
        depends_on: { "phase-two": ["phase-one"] },
      }),
    ).toMatchObject({ ok: true });
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["final-proof"],
        group: "b",
        depends_on: { "final-proof": ["phase-two"] },
      }),
    ).toMatchObject({ ok: true });
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["phase-one"],
        group: "c",
        depends_on: { "phase-one": ["final-proof"] },
      }),
    ).toMatchObject({
      ok: false,
      code: "dependency_cycle",
      cycle: ["final-proof", "phase-two", "phase-one", "final-proof"],
    });
  });

  it("GIVEN an unknown or an archived change WHEN set THEN change_not_found says which, with a fix", async () => {
    const { catalog } = makeCatalog();
    const root = rollout({
      ...change("old-work"),
      "openspec/changes/archive/2026-11-01-old-work/proposal.md": "# old\n",
    });
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["phase-one", "no-such-change"],
      }),
    ).toMatchObject({
      ok: false,
      code: "change_not_found",
      error: expect.stringContaining('"no-such-change"'),
      fix: expect.stringContaining("openspec_context"),
    });
    const archivedRoot = rollout({
      "openspec/changes/archive/2026-11-01-shipped/proposal.md": "# shipped\n",
    });
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: archivedRoot,
        changes: ["phase-one"],
        depends_on: { "phase-one": ["shipped"] },
      }),
    ).toMatchObject({
      ok: false,
      code: "change_not_found",
      error: '"shipped" is archived, not an active change.',
      fix: expect.stringContaining("openspec_change_unarchive"),
    });
  });

  it("GIVEN a change needing one placed after it WHEN set THEN invalid_input says to put it first", async () => {
    const { catalog } = makeCatalog();
    const root = rollout();
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["final-proof", "phase-one"],
        depends_on: { "final-proof": ["phase-one"] },
      }),
    ).toMatchObject({
      ok: false,
      code: "invalid_input",
      fix: 'Put "phase-one" before "final-proof" in changes.',
    });
  });

  it("GIVEN a group WHEN set again with fewer changes THEN the left-out change leaves the group and keeps its other metadata", async () => {
    const { catalog } = makeCatalog();
    const root = rollout();
    await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-one", "phase-two"],
    });
    const again = await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-two"],
    });
    expect(again).toMatchObject({ ok: true, removed: ["phase-one"] });
    expect(parse(metadataOf(root, "phase-one"))).toEqual({
      schema: "spec-driven",
      created: "2026-12-01",
    });
  });

  it("GIVEN the earlier plugin's names group_id and dependencies WHEN called THEN they are read as group and depends_on", async () => {
    const { catalog } = makeCatalog();
    const root = rollout();
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["phase-one", "final-proof"],
        group_id: "poc",
        dependencies: { "final-proof": ["phase-one"] },
      }),
    ).toMatchObject({
      ok: true,
      group: "poc",
      changes: [{}, { sequence: { depends_on: ["phase-one"] } }],
    });
    // Its handler also took the group as groupId, the name its answers used.
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["phase-two"],
        groupId: "later",
      }),
    ).toMatchObject({ ok: true, group: "later" });
  });

  it("GIVEN a .openspec.yaml that is not YAML WHEN set THEN metadata_unparsable and the file is left as it was", async () => {
    const { catalog } = makeCatalog();
    const root = rollout({ "openspec/changes/phase-two/.openspec.yaml": "schema: [unclosed\n" });
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["phase-two"],
      }),
    ).toMatchObject({ ok: false, code: "metadata_unparsable" });
    expect(metadataOf(root, "phase-two")).toBe("schema: [unclosed\n");
  });

  it("GIVEN a hand-written sequence that is not ours WHEN read THEN it is ignored, never followed as a path", async () => {
    const { catalog } = makeCatalog();
    const root = rollout({
      "openspec/changes/phase-two/.openspec.yaml":
        "schema: spec-driven\nsequence:\n  group: g\n  position: 1\n  depends_on: ['../../../etc']\n",
      "openspec/changes/final-proof/.openspec.yaml":
        "schema: spec-driven\nsequence:\n  group: g\n  position: 2\n  depends_on: [phase-two]\n",
    });
    const listed = await catalog.call("openspec_task_list", { workdir: root, change: "phase-two" });
    expect(listed).toMatchObject({ ok: true });
    expect(listed).not.toHaveProperty("sequence");
    expect(
      await catalog.call("openspec_task_list", { workdir: root, change: "final-proof" }),
    ).toMatchObject({ sequence: { group: "g", position: 2, blocked_by: ["phase-two"] } });
  });
});

describe("sequences in the other tools", () => {
  async function sequenced() {
    const { catalog } = makeCatalog();
    const root = rollout();
    await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-one", "phase-two", "final-proof"],
      group: "poc",
      depends_on: { "final-proof": ["phase-one", "phase-two"] },
    });
    return { catalog, root };
  }

  it("GIVEN a sequence WHEN openspec_context lists the source and reads one change THEN each carries its order and what blocks it; the readable view shows an ORDER column", async () => {
    const { catalog, root } = await sequenced();
    await catalog.call("openspec_source_add", { path: root, name: "rollout" });
    const overview = await catalog.call("openspec_context", { identifier: "rollout" });
    expect(overview).toMatchObject({
      ok: true,
      changes: expect.arrayContaining([
        expect.objectContaining({
          name: "final-proof",
          sequence: {
            group: "poc",
            position: 3,
            depends_on: ["phase-one", "phase-two"],
            blocked_by: ["phase-one", "phase-two"],
            groupId: "poc",
            dependsOn: ["phase-one", "phase-two"],
          },
        }),
        expect.objectContaining({
          name: "phase-one",
          sequence: expect.objectContaining({ position: 1 }),
        }),
      ]),
    });
    const one = await catalog.call("openspec_context", { identifier: "rollout/final-proof" });
    expect(one).toMatchObject({
      change: { name: "final-proof", sequence: { blocked_by: ["phase-one", "phase-two"] } },
    });
  });

  it("GIVEN final-proof needs two active changes WHEN archived without force THEN dependencies_active names them, and the dry run says it would not archive; once both are archived it goes through", async () => {
    const { catalog, root } = await sequenced();
    const archive = (change: string, extra: Record<string, unknown> = {}) =>
      catalog.call("openspec_change_archive", { workdir: root, change, ...extra });
    expect(await archive("final-proof")).toMatchObject({
      ok: false,
      code: "dependencies_active",
      blocked_by: ["phase-one", "phase-two"],
      fix: expect.stringContaining("force"),
    });
    expect(existsSync(join(root, "openspec/changes/final-proof"))).toBe(true);
    expect(await archive("final-proof", { dry_run: true })).toMatchObject({
      ok: true,
      would_archive: false,
      diagnostics: [expect.objectContaining({ code: "dependencies_active", severity: "error" })],
    });
    expect(await archive("phase-one")).toMatchObject({ ok: true });
    expect(await archive("final-proof")).toMatchObject({ blocked_by: ["phase-two"] });
    expect(await archive("phase-two")).toMatchObject({ ok: true });
    expect(await archive("final-proof")).toMatchObject({ ok: true, warnings: [] });
  });

  it("GIVEN an active dependency WHEN archived with force THEN it is archived with a warning naming it", async () => {
    const { catalog, root } = await sequenced();
    expect(
      await catalog.call("openspec_change_archive", {
        workdir: root,
        change: "final-proof",
        dry_run: true,
        force: true,
      }),
    ).toMatchObject({
      would_archive: true,
      diagnostics: [expect.objectContaining({ code: "dependencies_active", severity: "warning" })],
    });
    const result = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "final-proof",
      force: true,
    });
    expect(result).toMatchObject({
      ok: true,
      warnings: [expect.stringContaining('"final-proof" needs "phase-one", "phase-two" first')],
    });
  });
});
