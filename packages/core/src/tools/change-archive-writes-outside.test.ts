import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const CHANGE = "add-dark-mode";

/** add-dark-mode with every task ticked (a ui delta), and a folder outside the repository. */
function shop(files: Record<string, string> = {}) {
  const root = makeOpenSpecRepository({
    ...DARK_MODE_CHANGE,
    [`openspec/changes/${CHANGE}/tasks.md`]: "## 1. Theme\n\n- [x] 1.1 Pick colours\n",
    ...files,
  });
  return { root, outside: temporaryFolder("outside-") };
}

const CALLS: [what: string, tool: string, args: Record<string, unknown>][] = [
  ["archived", "openspec_change_archive", { change: CHANGE }],
  ["archived with force", "openspec_change_archive", { change: CHANGE, force: true }],
  ["previewed (dry_run)", "openspec_change_archive", { change: CHANGE, dry_run: true }],
  ["diffed", "openspec_spec_diff", { change: CHANGE }],
];

describe("openspec_change_archive never writes a main spec outside the repository", () => {
  it.each(CALLS)(
    "GIVEN openspec/specs/ui, the baseline folder of the change's delta, symlinked out WHEN %s THEN path_outside_repository names the spec and the symlink, before the CLI runs, and nothing moves",
    async (_what, tool, args) => {
      const { catalog } = makeCatalog();
      const { root, outside } = shop();
      symlinkSync(outside, join(root, "openspec/specs/ui"));
      const result = await catalog.call(tool, { workdir: root, ...args });
      expect(result).toEqual({
        ok: false,
        code: "path_outside_repository",
        error:
          "openspec/specs/ui/spec.md leads outside the repository through the symlink openspec/specs/ui.",
        fix: expect.stringContaining("Replace the symlink openspec/specs/ui"),
        path: "openspec/specs/ui/spec.md",
      });
      expect(readdirSync(outside)).toEqual([]);
      expect(existsSync(join(root, "openspec/changes", CHANGE, "tasks.md"))).toBe(true);
    },
  );

  it("GIVEN openspec/specs/platform symlinked out and a platform/session delta (which the CLI writes through without a warning) WHEN archived THEN path_outside_repository names that folder", async () => {
    const { catalog } = makeCatalog();
    const { root, outside } = shop({
      [`openspec/changes/${CHANGE}/specs/platform/session/spec.md`]:
        "## ADDED Requirements\n\n### Requirement: Expiry\nThe system SHALL end a session after an hour.\n\n#### Scenario: Idle\n- **WHEN** an hour passes\n- **THEN** the session ends\n",
    });
    symlinkSync(outside, join(root, "openspec/specs/platform"));
    const result = await catalog.call("openspec_change_archive", { workdir: root, change: CHANGE });
    expect(result).toMatchObject({
      ok: false,
      code: "path_outside_repository",
      error: expect.stringContaining("through the symlink openspec/specs/platform."),
      path: "openspec/specs/platform/session/spec.md",
    });
    expect(readdirSync(outside)).toEqual([]);
  });

  it("GIVEN openspec/specs/ui symlinked out WHEN archived with skip_specs THEN it is archived: the CLI leaves the specs alone", async () => {
    const { catalog } = makeCatalog();
    const { root, outside } = shop();
    symlinkSync(outside, join(root, "openspec/specs/ui"));
    const result = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: CHANGE,
      skip_specs: true,
    });
    expect(result).toMatchObject({ ok: true, specs_updated: false });
    expect(readdirSync(outside)).toEqual([]);
  });

  it("GIVEN openspec/specs/ui symlinked to a folder inside the repository WHEN archived THEN the CLI writes the spec there, as it does on its own, and the answer says created", async () => {
    const { catalog } = makeCatalog();
    const { root } = shop();
    mkdirSync(join(root, "shared/ui"), { recursive: true });
    symlinkSync(join(root, "shared/ui"), join(root, "openspec/specs/ui"));
    const result = await catalog.call("openspec_change_archive", { workdir: root, change: CHANGE });
    expect(result).toMatchObject({
      ok: true,
      specs: [{ id: "ui", path: "openspec/specs/ui/spec.md", outcome: "created" }],
    });
    expect(readFileSync(join(root, "shared/ui/spec.md"), "utf8")).toContain("Dark theme");
  });

  it("GIVEN openspec/specs/ui swapped for a symlink out after the check, as the CLI starts WHEN archived THEN external_write names the file the CLI wrote outside, never ok: true", async () => {
    const { root, outside } = shop();
    // The real CLI, behind a wrapper that lays the link the moment the archive starts.
    const wrapper = wrapRealCli(
      `require("node:fs").symlinkSync(${JSON.stringify(outside)}, ${JSON.stringify(join(root, "openspec/specs/ui"))});`,
    );
    const { catalog } = makeCatalog({
      env: { OPENSPEC_BIN: wrapper, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const result = await catalog.call("openspec_change_archive", { workdir: root, change: CHANGE });
    const written = join(realpathSync(outside), "spec.md");
    expect(result).toMatchObject({
      ok: false,
      code: "external_write",
      error: `openspec archive wrote outside the repository, to ${written} (for openspec/specs/ui/spec.md), through a spec folder that is a symlink leading out.`,
      fix: expect.stringContaining("openspec_change_unarchive"),
      external_writes: [{ capability: "ui", folder: realpathSync(outside) }],
      exit_code: 0,
      stderr: expect.stringContaining("OpenSpecExternalSpecWrite"),
    });
    expect(readFileSync(written, "utf8")).toContain("Dark theme");
  });

  it("GIVEN a CLI that reports a spec written outside and then fails WHEN archived THEN external_write, not the CLI's failure alone, with the run's diagnostics kept", async () => {
    const { root } = shop();
    const wrapper = wrapRealCli(
      [
        "process.stderr.write(\"(node:7) OpenSpecExternalSpecWrite: Capability 'ui' links outside the project; writing to /srv/elsewhere\\n\");",
        'process.stdout.write(JSON.stringify({ archive: null, status: [{ severity: "error", code: "archive_error", message: "Could not move the change." }] }));',
        "process.exit(1);",
      ].join("\n"),
    );
    const { catalog } = makeCatalog({
      env: { OPENSPEC_BIN: wrapper, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const result = await catalog.call("openspec_change_archive", { workdir: root, change: CHANGE });
    expect(result).toMatchObject({
      ok: false,
      code: "external_write",
      error: expect.stringContaining("to /srv/elsewhere/spec.md (for openspec/specs/ui/spec.md)"),
      exit_code: 1,
      diagnostics: [expect.objectContaining({ code: "archive_error" })],
      external_writes: [{ capability: "ui", folder: "/srv/elsewhere" }],
    });
  });
});

/**
 * An OPENSPEC_BIN that runs `onArchive` (JavaScript) when called for `archive`,
 * then hands every command to the real CLI unless that code exited first.
 */
function wrapRealCli(onArchive: string): string {
  const wrapper = join(temporaryFolder("bin-"), "openspec");
  writeFileSync(
    wrapper,
    [
      `#!${process.execPath}`,
      'if (process.argv.includes("archive")) {',
      onArchive,
      "}",
      `const run = require("node:child_process").spawnSync(process.execPath, [${JSON.stringify(REAL_OPENSPEC_BIN)}, ...process.argv.slice(2)], { stdio: "inherit" });`,
      "process.exit(run.status ?? 1);",
      "",
    ].join("\n"),
  );
  chmodSync(wrapper, 0o755);
  return wrapper;
}
