import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  NO_DELTA_CHANGE,
  runRealOpenSpec,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { toolCatalog } from "../tool-catalog.js";

afterEach(cleanUp);

/** add-dark-mode (1 of 2 tasks done, a ui delta) beside a baseline auth spec. */
function shop(files: Record<string, string> = {}): string {
  return makeOpenSpecRepository({
    ...DARK_MODE_CHANGE,
    "openspec/specs/auth/spec.md": AUTH_SPEC,
    ...files,
  });
}

const ALL_DONE = { "openspec/changes/add-dark-mode/tasks.md": "## 1. Theme\n\n- [x] 1.1 Pick\n" };

describe("openspec_change_archive", () => {
  it("GIVEN a finished change without delta specs WHEN archived without force THEN no_delta_specs, as openspec validate sees it; once its .openspec.yaml sets skip_specs it is archived", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository(NO_DELTA_CHANGE);
    const archive = () =>
      catalog.call("openspec_change_archive", { workdir: root, change: "tidy-build" });

    expect(await archive()).toMatchObject({
      ok: false,
      code: "no_delta_specs",
      fix: expect.stringContaining("skip_specs: true"),
    });
    expect(existsSync(join(root, "openspec/changes/tidy-build"))).toBe(true);

    writeFileSync(
      join(root, "openspec/changes/tidy-build/.openspec.yaml"),
      "schema: spec-driven\nskip_specs: true\n",
    );
    expect(await archive()).toMatchObject({ ok: true, specs: [], totals: null });
  });

  it("GIVEN open tasks WHEN archiving without force THEN tasks_open says how many of how many, before the CLI runs", async () => {
    const { catalog } = makeCatalog();
    const root = shop();
    const result = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "add-dark-mode",
    });
    expect(result).toMatchObject({
      ok: false,
      code: "tasks_open",
      error: '1 of 2 tasks of "add-dark-mode" are not complete, so it is not archived.',
      fix: expect.stringContaining("openspec_task_set_status"),
    });
    expect(result).not.toHaveProperty("command");
    expect(existsSync(join(root, "openspec/changes/add-dark-mode"))).toBe(true);
  });

  it("GIVEN every task done WHEN archived THEN the CLI's report comes back, the ui spec is created as `openspec show` sees it, and the folder moved", async () => {
    const { catalog } = makeCatalog();
    const root = shop(ALL_DONE);
    const result = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "add-dark-mode",
    });
    expect(result).toMatchObject({
      ok: true,
      change: "add-dark-mode",
      archived_as: expect.stringMatching(/^\d{4}-\d{2}-\d{2}-add-dark-mode$/),
      specs_updated: true,
      specs: [{ id: "ui", path: "openspec/specs/ui/spec.md", outcome: "created" }],
      totals: { added: 1, modified: 0, removed: 0, renamed: 0 },
      tasks: { done: 1, total: 1 },
      warnings: [],
      stdout: { archive: { change: "add-dark-mode", specsUpdated: true } },
    });
    expect(result.command).toEqual(expect.arrayContaining(["archive", "add-dark-mode", "--yes"]));
    expect(existsSync(join(root, String(result.path), "proposal.md"))).toBe(true);
    expect(existsSync(join(root, "openspec/changes/add-dark-mode"))).toBe(false);
    const shown = await runRealOpenSpec(root, ["show", "ui", "--json", "--type", "spec"]);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      requirements: [{ text: "The interface SHALL offer a dark theme." }],
    });
  });

  it("GIVEN open tasks and force WHEN archived with skip_specs THEN it is archived and no baseline spec changes", async () => {
    const { catalog } = makeCatalog();
    const root = shop();
    const result = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "add-dark-mode",
      force: true,
      skip_specs: true,
    });
    expect(result).toMatchObject({
      ok: true,
      specs_updated: false,
      specs: [{ id: "ui", outcome: "unchanged" }],
      totals: null,
      tasks: { done: 1, total: 2 },
    });
    expect(existsSync(join(root, "openspec/specs/ui"))).toBe(false);
  });

  it("GIVEN a delta the CLI refuses WHEN archived THEN the CLI's diagnostic comes back and nothing moves", async () => {
    const { catalog } = makeCatalog();
    const root = shop({
      ...ALL_DONE,
      "openspec/changes/add-dark-mode/specs/ui/spec.md":
        "## MODIFIED Requirements\n\n### Requirement: Not there\nThe system SHALL be.\n\n#### Scenario: S\n- **WHEN** x\n- **THEN** y\n",
    });
    const result = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "add-dark-mode",
    });
    expect(result).toMatchObject({ ok: false, code: "exit_nonzero" });
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "error" })]);
    expect(existsSync(join(root, "openspec/changes/add-dark-mode/tasks.md"))).toBe(true);
    expect(existsSync(join(root, "openspec/specs/ui"))).toBe(false);
  });

  it("GIVEN a change folder that is a symlink out WHEN archived with force THEN path_outside_repository and the CLI never runs", async () => {
    const { catalog } = makeCatalog();
    const outside = temporaryFolder();
    mkdirSync(join(outside, "change"));
    const root = shop();
    symlinkSync(join(outside, "change"), join(root, "openspec/changes/escape"));
    const result = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "escape",
      force: true,
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(readdirSync(outside)).toEqual(["change"]);
  });
});

describe("openspec_change_unarchive", () => {
  it("GIVEN an archived change WHEN unarchived THEN it is back, the notice says the ui spec is not rolled back, and a second call is refused", async () => {
    const { catalog } = makeCatalog();
    const root = shop(ALL_DONE);
    await catalog.call("openspec_change_archive", { workdir: root, change: "add-dark-mode" });
    const spec = readFileSync(join(root, "openspec/specs/ui/spec.md"), "utf8");
    const result = await catalog.call("openspec_change_unarchive", {
      workdir: root,
      change: "add-dark-mode",
    });
    expect(result).toMatchObject({
      ok: true,
      change: "add-dark-mode",
      path: "openspec/changes/add-dark-mode",
      specs_not_rolled_back: [{ id: "ui", path: "openspec/specs/ui/spec.md" }],
      notice: expect.stringContaining("NOT rolled back: ui"),
    });
    expect(readFileSync(join(root, "openspec/specs/ui/spec.md"), "utf8")).toBe(spec);
    const again = await catalog.call("openspec_change_unarchive", {
      workdir: root,
      change: "add-dark-mode",
    });
    expect(again).toMatchObject({ ok: false, code: "change_not_found" });
  });
});

describe("annotations", () => {
  it.each(["openspec_change_archive", "openspec_change_unarchive"])(
    "GIVEN %s WHEN a host reads its annotations THEN it writes and is destructive, so hosts ask before calling it",
    (name) => {
      expect(toolCatalog.find((tool) => tool.name === name)?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
      });
    },
  );
});
