import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, DARK_MODE_CHANGE, makeOpenSpecRepository } from "@org/test-kit";
import { applyPatch } from "diff";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const MODIFY_AUTH = {
  "openspec/changes/tighten-auth/proposal.md":
    "# Tighten auth\n\n## Why\nSessions last too long for shared machines and must end sooner.\n\n## What Changes\n- Shorter sessions\n",
  "openspec/changes/tighten-auth/tasks.md": "## 1. Auth\n\n- [x] 1.1 Shorten sessions\n",
  "openspec/changes/tighten-auth/specs/auth/spec.md": [
    "## ADDED Requirements",
    "",
    "### Requirement: Session length",
    "The system SHALL end a session after 8 hours.",
    "",
    "#### Scenario: Long session",
    "- **WHEN** a session is 8 hours old",
    "- **THEN** the user signs in again",
    "",
  ].join("\n"),
};

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" }).sort();
}

describe("openspec_change_archive with dry_run", () => {
  it("GIVEN a change with a delta WHEN previewed THEN nothing moves, and the diff applied to the baseline is exactly what the real archive then writes", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      ...MODIFY_AUTH,
    });
    const filesBefore = listFiles(root);
    const preview = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "tighten-auth",
      dry_run: true,
    });
    expect(preview).toMatchObject({
      ok: true,
      dry_run: true,
      change: "tighten-auth",
      archived_as: expect.stringMatching(/^\d{4}-\d{2}-\d{2}-tighten-auth$/),
      would_archive: true,
      tasks: { done: 1, total: 1 },
      errors: 0,
      specs: [
        {
          spec: "auth",
          baseline_exists: true,
          requirements: [{ name: "Session length", operation: "ADDED" }],
        },
      ],
    });
    expect(preview).not.toHaveProperty("command");
    expect(listFiles(root)).toEqual(filesBefore);

    const baseline = readFileSync(join(root, "openspec/specs/auth/spec.md"), "utf8");
    const specs = preview.specs as { unified_diff: string }[];
    const previewed = applyPatch(baseline, specs[0]!.unified_diff);

    const archived = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "tighten-auth",
    });
    expect(archived).toMatchObject({ ok: true, dry_run: false, archived_as: preview.archived_as });
    expect(readFileSync(join(root, "openspec/specs/auth/spec.md"), "utf8")).toBe(previewed);
  });

  it("GIVEN open tasks WHEN previewed THEN the preview says the archive would not go through, and with force that it would", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ ...DARK_MODE_CHANGE });
    const args = { workdir: root, change: "add-dark-mode", dry_run: true };
    expect(await catalog.call("openspec_change_archive", args)).toMatchObject({
      ok: true,
      would_archive: false,
      tasks: { done: 1, total: 2 },
      specs: [{ spec: "ui", baseline_exists: false }],
    });
    expect(await catalog.call("openspec_change_archive", { ...args, force: true })).toMatchObject({
      ok: true,
      would_archive: true,
    });
    expect(existsSync(join(root, "openspec/changes/add-dark-mode"))).toBe(true);
  });

  it("GIVEN a MODIFIED requirement the baseline lacks WHEN previewed THEN would_archive is false with the CLI's error, and nothing is written", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      ...MODIFY_AUTH,
      "openspec/changes/tighten-auth/specs/auth/spec.md": MODIFY_AUTH[
        "openspec/changes/tighten-auth/specs/auth/spec.md"
      ].replace("## ADDED", "## MODIFIED"),
    });
    const preview = await catalog.call("openspec_change_archive", {
      workdir: root,
      change: "tighten-auth",
      dry_run: true,
    });
    expect(preview).toMatchObject({ ok: true, would_archive: false, errors: 1 });
    const specs = preview.specs as { diagnostics: { severity: string; message: string }[] }[];
    expect(specs[0]!.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        message: expect.stringContaining("Session length"),
      }),
    ]);
  });

  it("GIVEN dry_run with skip_specs WHEN called THEN invalid_input: there is no merge to preview", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ ...MODIFY_AUTH });
    expect(
      await catalog.call("openspec_change_archive", {
        workdir: root,
        change: "tighten-auth",
        dry_run: true,
        skip_specs: true,
      }),
    ).toMatchObject({
      ok: false,
      code: "invalid_input",
      fix: expect.stringContaining("skip_specs"),
    });
  });
});
