import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { changeToken } from "./artifact-token.js";
import { type CreateChangeInput, createChange } from "./create-change.js";
import { openedRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const steps = (when: string) => [
  { type: "WHEN" as const, text: when },
  { type: "THEN" as const, text: "the outcome is recorded" },
];

/** A change touching the baseline `auth` spec (AUTH_SPEC) and creating `passkeys`. */
const COMPLETE: CreateChangeInput = {
  name: "add-passkeys",
  why: "Passwords alone are phished too often; passkeys close that gap for every user of the service.",
  whatChanges: ["Add passkey login", "Remove the legacy guest login"],
  impact: "Affects the auth service and its clients.",
  design: "# Design\n\n## Context\n\nWebAuthn is available in every supported browser.\n",
  tasks: [
    { title: "Backend", items: ["Add the passkey endpoint", "Drop guest login"] },
    { title: "Docs", items: ["Document passkeys"] },
  ],
  specs: [
    {
      name: "passkeys",
      purpose: "Lets users sign in with a passkey instead of a password, on every client.",
      added: [
        {
          name: "Passkey login",
          description: "The system SHALL accept a registered passkey.",
          scenarios: [{ name: "Valid passkey", steps: steps("a registered passkey is used") }],
        },
      ],
    },
  ],
};

function readChange(root: string, name: string, file: string): string {
  return readFileSync(join(root, "openspec", "changes", name, file), "utf8");
}

function hiddenEntries(root: string): string[] {
  return readdirSync(join(root, "openspec", "changes")).filter((entry) => entry.startsWith("."));
}

describe("createChange", () => {
  it("GIVEN a complete input in an `openspec init` repository WHEN the change is created THEN every file is written and the real CLI validates it strictly without an error or warning", async () => {
    const root = makeOpenSpecRepository();
    const result = await createChange(openedRepository(root), COMPLETE);
    expect(result).toEqual({
      ok: true,
      name: "add-passkeys",
      token: changeToken("add-passkeys"),
      path: "openspec/changes/add-passkeys",
      schema: "spec-driven",
      files: [
        "openspec/changes/add-passkeys/proposal.md",
        "openspec/changes/add-passkeys/tasks.md",
        "openspec/changes/add-passkeys/design.md",
        "openspec/changes/add-passkeys/specs/passkeys/spec.md",
        "openspec/changes/add-passkeys/.openspec.yaml",
      ],
      overwritten: false,
      warnings: [],
    });
    expect(readChange(root, "add-passkeys", "tasks.md")).toContain(
      "## 2. Docs\n\n- [ ] 2.1 Document passkeys\n",
    );
    expect(readChange(root, "add-passkeys", "proposal.md")).toContain(
      "### New Capabilities\n\n- `passkeys`: adds 1 requirement\n",
    );
    const run = await runRealOpenSpec(root, [
      "validate",
      "add-passkeys",
      "--type",
      "change",
      "--strict",
      "--json",
    ]);
    const [item] = JSON.parse(run.stdout).items;
    expect(item.valid).toBe(true);
    expect(item.issues.filter((issue: { level: string }) => issue.level !== "INFO")).toEqual([]);
    expect(hiddenEntries(root)).toEqual([]);
  });

  it("GIVEN the CLI makes a change the same day WHEN its .openspec.yaml is compared with the one written here THEN they are the same", async () => {
    const root = makeOpenSpecRepository();
    expect((await runRealOpenSpec(root, ["new", "change", "by-the-cli", "--json"])).status).toBe(0);
    await createChange(openedRepository(root), { ...COMPLETE, name: "by-the-library" });
    expect(readChange(root, "by-the-library", ".openspec.yaml")).toBe(
      readChange(root, "by-the-cli", ".openspec.yaml"),
    );
  });

  it("GIVEN delta specs that modify, remove and rename requirements of a baseline spec WHEN created THEN the CLI reads each operation and validates strictly", async () => {
    const baseline = `${AUTH_SPEC}
### Requirement: Guest access
The system SHALL let guests browse.

#### Scenario: Guest
- **WHEN** a guest arrives
- **THEN** they browse

### Requirement: Timeout
The system SHALL end idle sessions.

#### Scenario: Idle
- **WHEN** a session idles
- **THEN** it ends
`;
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": baseline });
    const result = await createChange(openedRepository(root), {
      ...COMPLETE,
      name: "rework-auth",
      specs: [
        {
          name: "auth",
          modified: [
            {
              name: "Sign in",
              description: "The system SHALL sign a person in with a password or a passkey.",
              scenarios: [
                {
                  name: "Correct password",
                  steps: [
                    { type: "GIVEN", text: "a registered person" },
                    { type: "WHEN", text: "they enter their email and password" },
                    { type: "THEN", text: "they are signed in" },
                  ],
                },
              ],
            },
          ],
          removed: [{ name: "Guest access", reason: "No longer offered.", migration: "Sign up." }],
          renamed: [{ from: "Timeout", to: "Session expiry" }],
        },
      ],
    });
    expect(result.ok && result.warnings).toEqual([]);
    expect(readChange(root, "rework-auth", "proposal.md")).toContain(
      "### Modified Capabilities\n\n- `auth`: modifies 1 requirement, removes 1 requirement, renames 1 requirement\n",
    );
    const run = await runRealOpenSpec(root, [
      "validate",
      "rework-auth",
      "--type",
      "change",
      "--strict",
      "--json",
    ]);
    const [item] = JSON.parse(run.stdout).items;
    expect({ valid: item.valid, issues: item.issues }).toEqual({ valid: true, issues: [] });
    const shown = JSON.parse(
      (await runRealOpenSpec(root, ["show", "rework-auth", "--type", "change", "--json"])).stdout,
    );
    expect(shown.deltas.map((delta: { operation: string }) => delta.operation)).toEqual([
      "MODIFIED",
      "REMOVED",
      "RENAMED",
    ]);
  });

  it("GIVEN an active change of that name WHEN created again without force THEN change_exists and nothing is touched; with force its files are replaced and what else was there is named", async () => {
    const root = makeOpenSpecRepository();
    const repository = openedRepository(root);
    await createChange(repository, COMPLETE);
    writeFileSync(join(root, "openspec/changes/add-passkeys/notes.md"), "kept\n");
    const metadata = readChange(root, "add-passkeys", ".openspec.yaml");
    const again = await createChange(repository, { ...COMPLETE, why: `${COMPLETE.why} Again.` });
    expect(again).toMatchObject({ ok: false, code: "change_exists" });
    expect(readChange(root, "add-passkeys", "proposal.md")).not.toContain("Again.");

    const forced = await createChange(repository, {
      ...COMPLETE,
      why: `${COMPLETE.why} Again.`,
      design: null,
      force: true,
    });
    expect(forced).toMatchObject({ ok: true, overwritten: true });
    expect(forced.ok && forced.files).not.toContain("openspec/changes/add-passkeys/.openspec.yaml");
    expect(forced.ok && forced.warnings.map((warning) => warning.code)).toEqual([
      "file_left_in_place",
      "file_left_in_place",
    ]);
    expect(forced.ok && forced.warnings.map((warning) => warning.message).join(" ")).toMatch(
      /design\.md.*notes\.md/,
    );
    expect(readChange(root, "add-passkeys", "proposal.md")).toContain("Again.");
    expect(readChange(root, "add-passkeys", ".openspec.yaml")).toBe(metadata);
  });

  it.each([
    ["..", "invalid_name"],
    ["a/b", "invalid_name"],
    ["-rf", "invalid_name"],
    [".hidden", "invalid_name"],
    ["nul\u0000byte", "invalid_name"],
    ["x".repeat(129), "invalid_name"],
    ["Not_Kebab", "invalid_name"],
    ["/etc", "invalid_name"],
  ])("GIVEN the change name %j WHEN created THEN %s and nothing is written", async (name, code) => {
    const root = makeOpenSpecRepository();
    expect(await createChange(openedRepository(root), { ...COMPLETE, name })).toMatchObject({
      ok: false,
      code,
    });
    expect(readdirSync(join(root, "openspec", "changes"))).toEqual(["archive"]);
  });

  it("GIVEN openspec/changes is a symlink to a folder outside the repository WHEN a change is created THEN path_outside_repository and nothing is written there", async () => {
    const root = makeOpenSpecRepository();
    const elsewhere = temporaryFolder("elsewhere-");
    const changes = join(root, "openspec", "changes");
    rmSync(changes, { recursive: true });
    symlinkSync(elsewhere, changes);
    expect(await createChange(openedRepository(root), COMPLETE)).toMatchObject({
      ok: false,
      code: "path_outside_repository",
    });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("GIVEN an existing change whose specs folder is a symlink out of the repository WHEN replaced with force THEN path_outside_repository and nothing lands outside", async () => {
    const root = makeOpenSpecRepository();
    const elsewhere = temporaryFolder("elsewhere-");
    mkdirSync(join(root, "openspec/changes/add-passkeys"));
    symlinkSync(elsewhere, join(root, "openspec/changes/add-passkeys/specs"));
    expect(await createChange(openedRepository(root), { ...COMPLETE, force: true })).toMatchObject({
      ok: false,
      code: "path_outside_repository",
    });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("GIVEN a delta spec id that climbs or a text that would open a section WHEN created THEN invalid_name or invalid_input and no change folder appears", async () => {
    const root = makeOpenSpecRepository();
    const repository = openedRepository(root);
    const climbing = { ...COMPLETE, specs: [{ ...COMPLETE.specs![0]!, name: "../../escape" }] };
    expect(await createChange(repository, climbing)).toMatchObject({
      ok: false,
      code: "invalid_name",
    });
    const heading = { ...COMPLETE, why: "Fine start.\n## What Changes\n- injected" };
    expect(await createChange(repository, heading)).toMatchObject({
      ok: false,
      code: "invalid_input",
    });
    const emptyDelta = { ...COMPLETE, specs: [{ name: "passkeys" }] };
    expect(await createChange(repository, emptyDelta)).toMatchObject({
      ok: false,
      code: "invalid_input",
    });
    expect(existsSync(join(root, "openspec/changes/add-passkeys"))).toBe(false);
    expect(existsSync(join(root, "escape"))).toBe(false);
  });

  it("GIVEN an incomplete change WHEN created THEN it is written and each thing validate --strict would reject is a warning", async () => {
    const root = makeOpenSpecRepository();
    mkdirSync(join(root, "openspec/changes/archive/2025-01-01-short"));
    const result = await createChange(openedRepository(root), {
      name: "short",
      why: "Too short.",
      whatChanges: ["Something"],
      specs: [
        {
          name: "billing",
          added: [{ name: "Invoice", description: "Invoices are sent." }],
          modified: [{ name: "Invoice", description: "The system SHALL send invoices." }],
        },
      ],
    });
    expect(result.ok && result.warnings.map((warning) => warning.code)).toEqual([
      "why_too_brief",
      "requirement_without_shall",
      "requirement_without_scenario",
      "requirement_without_scenario",
      "no_baseline_spec",
      "purpose_missing",
      "delta_conflict",
      "archived_change_same_name",
    ]);
  });

  it("GIVEN no delta specs WHEN created THEN the warning says validate rejects a change without deltas", async () => {
    const root = makeOpenSpecRepository();
    const result = await createChange(openedRepository(root), { ...COMPLETE, specs: [] });
    expect(result.ok && result.warnings.map((warning) => warning.code)).toEqual([
      "change_without_deltas",
    ]);
  });

  it("GIVEN the project's config names a schema WHEN no schema is given THEN the change's metadata names it, as the CLI's would", async () => {
    const root = makeOpenSpecRepository();
    writeFileSync(
      join(root, "openspec/config.yaml"),
      "schema: spec-driven # default\ncontext: x\n",
    );
    const result = await createChange(openedRepository(root), { ...COMPLETE, schema: null });
    expect(result).toMatchObject({ ok: true, schema: "spec-driven" });
    const custom = await createChange(openedRepository(root), {
      ...COMPLETE,
      name: "other",
      schema: "my-flow",
    });
    expect(custom).toMatchObject({ ok: true, schema: "my-flow" });
    expect(readChange(root, "other", ".openspec.yaml")).toMatch(
      /^schema: my-flow\ncreated: \d{4}-\d\d-\d\d\n$/,
    );
  });
});
