import { existsSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  NO_DELTA_CHANGE,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runInProcess } from "./test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

const ALL_DONE = { "openspec/changes/add-dark-mode/tasks.md": "## 1. Theme\n\n- [x] 1.1 Pick\n" };
function shell(root: string) {
  const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  return (args: string[]) => runInProcess(args, toolCatalog, root, env);
}

describe("exit codes: an answer that says no exits 1", () => {
  it("GIVEN a change with an open task WHEN its archive is previewed THEN 'would NOT be archived' exits 1, and with --force the preview that goes through exits 0", async () => {
    const run = shell(makeOpenSpecRepository(DARK_MODE_CHANGE));

    const refused = await run(["change", "archive", "add-dark-mode", "--dry-run"]);
    expect(refused.stdout).toContain("dry run: add-dark-mode would NOT be archived");
    expect(refused.code).toBe(1);

    const json = await run(["--json", "change", "archive", "add-dark-mode", "--dry-run"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, would_archive: false });
    expect(json.code).toBe(1);

    const forced = await run(["change", "archive", "add-dark-mode", "--dry-run", "--force"]);
    expect(forced.stdout).toContain("dry run: add-dark-mode would be archived");
    expect(forced.code).toBe(0);
  });

  it("GIVEN a change without delta specs WHEN change create writes it THEN it says plainly the change was written but does not validate, and exits 1", async () => {
    const root = makeOpenSpecRepository();
    const run = shell(root);

    const created = await run([
      "change",
      "create",
      "tidy-build",
      "--why",
      "The build script repeats itself in three places and drifts apart.",
      "--what-changes",
      '["Share one script."]',
    ]);

    expect(created.stdout).toContain("created openspec/changes/tidy-build");
    expect(created.stdout).toContain("written, but it does not validate (validate --strict):");
    expect(created.stdout).toContain("error file: Change must have at least one delta");
    expect(created.code).toBe(1);
    expect(existsSync(join(root, "openspec/changes/tidy-build/proposal.md"))).toBe(true);
  });

  it("GIVEN a delta spec with a header validation ignores WHEN change write writes it THEN the CLI's INFO note about it is shown", async () => {
    const run = shell(makeOpenSpecRepository(DARK_MODE_CHANGE));
    const delta =
      "## ADDED Requirements\n\n### Requirement: Contrast\nThe UI SHALL let people pick contrast.\n\n#### Scenario: Pick\n- **WHEN** a person picks high contrast\n- **THEN** the UI uses it\n\n### Documentation Requirements\nWrite it down.\n";

    const written = await run([
      "change",
      "write",
      "add-dark-mode",
      "spec",
      "--spec",
      "contrast",
      "--content",
      delta,
    ]);

    expect(written.stdout).toMatch(
      /info contrast\/spec\.md: Header "### Documentation Requirements" in ADDED Requirements is not a "### Requirement:" header and is ignored by validation/,
    );
  });
});

describe("archiving a change without delta specs, as openspec validate sees it", () => {
  it("GIVEN a finished change with no delta spec WHEN archived without --force THEN no_delta_specs refuses it before the CLI runs, in shell words, and nothing moves", async () => {
    const root = makeOpenSpecRepository(NO_DELTA_CHANGE);
    const run = shell(root);

    const refused = await run(["change", "archive", "tidy-build"]);

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error "tidy-build" has no delta spec, so openspec validate rejects it; archived, it would change no spec. (no_delta_specs)',
    );
    expect(refused.stderr).toContain(
      "fix   Add its delta specs under openspec/changes/tidy-build/specs/, or pass --skip-specs if it changes no spec-level behaviour, or --force to archive it anyway.",
    );
    expect(existsSync(join(root, "openspec/changes/tidy-build"))).toBe(true);

    const preview = await run(["change", "archive", "tidy-build", "--dry-run"]);
    expect(preview.code).toBe(1);
    expect(preview.stdout).toContain("would NOT be archived");
    expect(preview.stdout).toContain('error "tidy-build" has no delta spec');
  });

  it("GIVEN the same change WHEN archived with --force THEN it is archived and says no spec changed, not skip_specs, which was not passed", async () => {
    const root = makeOpenSpecRepository(NO_DELTA_CHANGE);
    const run = shell(root);

    const archived = await run(["change", "archive", "tidy-build", "--force"]);

    expect(archived.code).toBe(0);
    expect(archived.stdout).toContain("archived tidy-build to openspec/changes/archive/");
    expect(archived.stdout).toContain("(the change has no delta specs)");
    expect(archived.stdout).toContain("no spec changed: the change has no delta specs");
    expect(archived.stdout).not.toContain("skip_specs");
  });

  it("GIVEN the same change WHEN archived with --skip-specs THEN it goes through as a change of no spec-level behaviour", async () => {
    const root = makeOpenSpecRepository(NO_DELTA_CHANGE);
    const archived = await shell(root)(["change", "archive", "tidy-build", "--skip-specs"]);
    expect(archived.code).toBe(0);
    expect(existsSync(join(root, "openspec/changes/tidy-build"))).toBe(false);
  });

  it("GIVEN a change whose specs folder is a symlink out of the repository WHEN archived, even with --force THEN it is refused as outside the repository and nothing moves", async () => {
    const root = makeOpenSpecRepository({ ...DARK_MODE_CHANGE, ...ALL_DONE });
    const outside = temporaryFolder("outside-");
    writeFiles(outside, {
      "ui/spec.md": DARK_MODE_CHANGE["openspec/changes/add-dark-mode/specs/ui/spec.md"] ?? "",
    });
    const specs = join(root, "openspec/changes/add-dark-mode/specs");
    rmSync(specs, { recursive: true });
    symlinkSync(outside, specs);

    const refused = await shell(root)(["change", "archive", "add-dark-mode", "--force"]);

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "error openspec/changes/add-dark-mode/specs is a symlink that leads outside the repository. (path_outside_repository)",
    );
    expect(refused.stdout).not.toContain("no delta specs");
    expect(existsSync(join(root, "openspec/changes/add-dark-mode/tasks.md"))).toBe(true);
    expect(existsSync(join(root, "openspec/specs/ui/spec.md"))).toBe(false);
  });
});
