import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, runRealOpenSpec } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const PROPOSAL =
  "# Add passkeys\n\n## Why\n\nPasswords get reused and phished; people want to sign in with their device instead.\n\n## What Changes\n\n- Add passkey sign-in.\n";
const DELTA =
  "## ADDED Requirements\n\n### Requirement: Passkey sign-in\nThe system SHALL let a person sign in with a passkey.\n\n#### Scenario: Signing in\n- **WHEN** a person picks their passkey\n- **THEN** they are signed in\n";

/** A draft: a proposal and a delta spec, no tasks.md yet. */
function draft(files: Record<string, string> = {}): string {
  return makeOpenSpecRepository({
    "openspec/changes/add-passkeys/proposal.md": PROPOSAL,
    "openspec/changes/add-passkeys/specs/auth/spec.md": DELTA,
    ...files,
  });
}

const tasksFile = (root: string) => join(root, "openspec/changes/add-passkeys/tasks.md");

describe("openspec_change_promote", () => {
  it("GIVEN a draft without tasks.md WHEN promoted with the author's tasks THEN tasks.md is written from them, reported as added, and the change validates strictly", async () => {
    const { catalog } = makeCatalog();
    const root = draft();
    const result = await catalog.call("openspec_change_promote", {
      workdir: root,
      change: "add-passkeys",
      tasks: ["Register a passkey", "Sign in with it"],
    });
    expect(result).toMatchObject({
      ok: true,
      change: "add-passkeys",
      added: ["openspec/changes/add-passkeys/tasks.md"],
      total: 2,
      done: 0,
      counts: { total: 2, done: 0, todo: 2 },
      status: "todo",
      delta_specs: ["auth"],
      validation: { valid: true },
    });
    expect(readFileSync(tasksFile(root), "utf8")).toContain("- [ ] 1.1 Register a passkey");
    const validate = await runRealOpenSpec(root, [
      "validate",
      "add-passkeys",
      "--strict",
      "--json",
    ]);
    expect(validate.status, validate.stdout).toBe(0);
  });

  it("GIVEN a draft without tasks.md WHEN promoted with the earlier plugin's change_id THEN it is read as change", async () => {
    const { catalog } = makeCatalog();
    const root = draft();
    const result = await catalog.call("openspec_change_promote", {
      workdir: root,
      change_id: "add-passkeys",
      tasks: ["Refine scope", "Implement behavior"],
    });
    expect(result).toMatchObject({ ok: true, status: "todo" });
    expect(readFileSync(tasksFile(root), "utf8")).toContain("- [ ] 1.1 Refine scope");
  });

  it("GIVEN a draft with neither tasks nor a delta spec WHEN promoted without tasks THEN change_incomplete names both with what the author writes, and nothing is invented", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ "openspec/changes/add-passkeys/proposal.md": PROPOSAL });
    const result = await catalog.call("openspec_change_promote", {
      workdir: root,
      change: "add-passkeys",
    });
    expect(result).toMatchObject({
      ok: false,
      code: "change_incomplete",
      missing: ["tasks.md", "specs/<capability>/spec.md"],
      fix: expect.stringContaining("openspec_spec_create"),
    });
    expect(existsSync(tasksFile(root))).toBe(false);
    expect(existsSync(join(root, "openspec/changes/add-passkeys/specs"))).toBe(false);
  });

  it("GIVEN a change that is ready WHEN promoted again THEN it answers ok with nothing added", async () => {
    const { catalog } = makeCatalog();
    const root = draft({
      "openspec/changes/add-passkeys/tasks.md": "## 1. Work\n\n- [x] 1.1 Do\n- [ ] 1.2 Ship\n",
    });
    expect(
      await catalog.call("openspec_change_promote", { workdir: root, change: "add-passkeys" }),
    ).toMatchObject({ ok: true, added: [], status: "in_progress" });
  });

  it("GIVEN an existing tasks.md WHEN promoted with tasks but no force THEN artifact_exists and the file stays; with force it is replaced", async () => {
    const { catalog } = makeCatalog();
    const original = "## 1. Work\n\n- [ ] 1.1 Original step\n";
    const root = draft({ "openspec/changes/add-passkeys/tasks.md": original });
    const call = (force: boolean) =>
      catalog.call("openspec_change_promote", {
        workdir: root,
        change: "add-passkeys",
        tasks: ["New step"],
        ...(force ? { force } : {}),
      });
    expect(await call(false)).toMatchObject({ ok: false, code: "artifact_exists" });
    expect(readFileSync(tasksFile(root), "utf8")).toBe(original);
    expect(await call(true)).toMatchObject({ ok: true, total: 1 });
    expect(readFileSync(tasksFile(root), "utf8")).toContain("1.1 New step");
  });

  it("GIVEN a delta spec the strict validator rejects WHEN promoted with tasks THEN validation_failed with the CLI's issues, and the tasks.md it wrote is taken back", async () => {
    const { catalog } = makeCatalog();
    const root = draft({
      "openspec/changes/add-passkeys/specs/auth/spec.md":
        "## ADDED Requirements\n\n### Requirement: Passkey sign-in\nPeople sign in with a passkey.\n",
    });
    const result = await catalog.call("openspec_change_promote", {
      workdir: root,
      change: "add-passkeys",
      tasks: ["Do it"],
    });
    expect(result).toMatchObject({
      ok: false,
      code: "validation_failed",
      validation: {
        valid: false,
        issues: expect.arrayContaining([expect.objectContaining({ level: "ERROR" })]),
      },
    });
    expect(existsSync(tasksFile(root))).toBe(false);
  });

  it("GIVEN an archived change WHEN promoted THEN change_not_found says it is archived", async () => {
    const { catalog } = makeCatalog();
    const root = draft({ "openspec/changes/archive/2026-11-01-old/proposal.md": PROPOSAL });
    expect(
      await catalog.call("openspec_change_promote", { workdir: root, change: "old" }),
    ).toMatchObject({
      ok: false,
      code: "change_not_found",
      error: '"old" is archived, not an active change.',
    });
  });
});
