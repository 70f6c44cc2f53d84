import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { toolResultSchema } from "../tool-result-schema.js";
import { specDiffTool } from "./spec-diff-tool.js";

afterEach(cleanUp);

const schema = toolResultSchema(specDiffTool);

// git is found on the test process's own PATH; the isolated one holds only node.
const withGit = () => makeCatalog({ cli: false, env: { PATH: process.env.PATH ?? "" } });

const SIGN_IN_REWORDED = AUTH_SPEC.replace(
  "they are signed in",
  "they are signed in and see their cart",
);

/** A delta that rewords Sign in (one scenario changed) and adds Sign out. */
const AUTH_DELTA = `## MODIFIED Requirements

### Requirement: Sign in
The system SHALL sign a person in with a correct email and password.

#### Scenario: Correct password
- **GIVEN** a registered person
- **WHEN** they enter their email and password
- **THEN** they are signed in and see their cart

## ADDED Requirements

### Requirement: Sign out
The system SHALL end a session on request.

#### Scenario: Button
- **WHEN** they press sign out
- **THEN** the session ends
`;

const PROPOSAL =
  "## Why\n\nPeople asked to see their cart right after signing in, and to sign out.\n\n## What Changes\n\n- Show the cart; add sign out.\n";

/** The auth baseline and the change cart-after-sign-in, whose auth delta spec is `authDelta`, with `files` beside. */
function cartChange(authDelta = AUTH_DELTA, files: Record<string, string> = {}): string {
  return makeOpenSpecRepository({
    "openspec/specs/auth/spec.md": AUTH_SPEC,
    "openspec/changes/cart-after-sign-in/proposal.md": PROPOSAL,
    "openspec/changes/cart-after-sign-in/specs/auth/spec.md": authDelta,
    ...files,
  });
}

function git(folder: string, ...args: string[]): void {
  execFileSync(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-C", folder, ...args],
    { stdio: "ignore" },
  );
}

describe("openspec_spec_diff", () => {
  it("GIVEN a change that modifies one requirement and adds another WHEN diffed THEN both are listed from the delta, with a unified diff and no error", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = cartChange();
    const result = await catalog.call("openspec_spec_diff", {
      workdir: root,
      change: "cart-after-sign-in",
    });
    expect(schema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      ok: true,
      change: "cart-after-sign-in",
      from_git: false,
      errors: 0,
      specs: [
        {
          spec: "auth",
          path: "openspec/specs/auth/spec.md",
          baseline_exists: true,
          requirements: [
            {
              name: "Sign in",
              operation: "MODIFIED",
              scenarios: { added: [], removed: [], changed: ["Correct password"] },
              text_changed: false,
            },
            {
              name: "Sign out",
              operation: "ADDED",
              scenarios: { added: ["Button"], removed: [], changed: [] },
              text_changed: true,
            },
          ],
          diagnostics: [],
        },
      ],
    });
    const diff = result.ok ? (result.specs as { unified_diff: string }[])[0]?.unified_diff : "";
    expect(diff).toContain(
      "-- **THEN** they are signed in\n+- **THEN** they are signed in and see their cart",
    );
    expect(diff).toContain("+### Requirement: Sign out");
  });

  it("GIVEN a change's whole diff WHEN it names no spec THEN the answer has no one-spec fields at its top level", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = cartChange();
    const result = await catalog.call("openspec_spec_diff", {
      workdir: root,
      change: "cart-after-sign-in",
    });
    expect(result).not.toHaveProperty("status");
    expect(result).not.toHaveProperty("requirements");
    expect(result).not.toHaveProperty("line_diff");
  });

  it("GIVEN a call written for the earlier Hermes plugin (spec and change) WHEN diffed THEN the top level has its status, baseline_exists, requirements by kind and line_diff, beside specs", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = cartChange(AUTH_DELTA, {
      "openspec/changes/cart-after-sign-in/specs/cart/spec.md":
        "## ADDED Requirements\n\n### Requirement: Cart badge\nThe system SHALL show how many items the cart holds.\n\n#### Scenario: One item\n- **WHEN** a shopper adds an item\n- **THEN** the badge shows 1\n",
    });
    const modified = await catalog.call("openspec_spec_diff", {
      workdir: root,
      spec: "auth",
      change: "cart-after-sign-in",
    });
    expect(schema.safeParse(modified).success).toBe(true);
    expect(modified).toMatchObject({
      ok: true,
      spec: "auth",
      status: "modified",
      baseline_exists: true,
      requirements: {
        added: [{ name: "Sign out", status: "added" }],
        modified: [{ name: "Sign in", status: "modified" }],
        removed: [],
        renamed: [],
      },
    });
    const only = modified.ok ? (modified.specs as { unified_diff: string }[]) : [];
    expect(only).toHaveLength(1);
    expect(modified.ok && modified.line_diff).toBe(only[0]?.unified_diff);
    expect(modified.ok && modified.line_diff).toContain("+### Requirement: Sign out");

    const created = await catalog.call("openspec_spec_diff", {
      workdir: root,
      spec: "cart",
      change: "cart-after-sign-in",
    });
    expect(schema.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      ok: true,
      status: "added",
      baseline_exists: false,
      requirements: { added: [{ name: "Cart badge" }], modified: [], removed: [] },
    });
  });

  it("GIVEN a change spec written as a whole spec, without delta sections WHEN one spec is diffed THEN its status is invalid and the diagnostic says what the archive would say", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = cartChange(SIGN_IN_REWORDED);
    const result = await catalog.call("openspec_spec_diff", {
      workdir: root,
      spec: "auth",
      change: "cart-after-sign-in",
    });
    expect(schema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      ok: true,
      status: "invalid",
      errors: 1,
      requirements: { added: [], modified: [], removed: [], renamed: [] },
      line_diff: "",
      specs: [{ diagnostics: [{ code: "missing_delta_sections", severity: "error" }] }],
    });
  });

  it("GIVEN a spec edited since the last commit WHEN diffed with from_git THEN HEAD's file is compared with the working one", async () => {
    const { catalog } = withGit();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    git(root, "init", "--quiet");
    git(root, "add", "-A");
    git(root, "commit", "--quiet", "-m", "Baseline");
    writeFileSync(join(root, "openspec/specs/auth/spec.md"), SIGN_IN_REWORDED);

    const result = await catalog.call("openspec_spec_diff", {
      workdir: root,
      from_git: true,
      spec: "auth",
    });
    expect(schema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      ok: true,
      change: null,
      from_git: true,
      errors: 0,
      specs: [
        {
          spec: "auth",
          baseline_exists: true,
          requirements: [{ name: "Sign in", operation: "MODIFIED" }],
          unified_diff: expect.stringMatching(/^--- a\/openspec\/specs\/auth\/spec\.md\n/),
        },
      ],
      status: "modified",
      requirements: { modified: [{ name: "Sign in" }] },
      line_diff: expect.stringMatching(/^--- a\/openspec\/specs\/auth\/spec\.md\n/),
    });
  });

  it("GIVEN a repository outside git WHEN a spec that does not exist is diffed with HEAD THEN spec_not_found says it was not found", async () => {
    const { catalog } = withGit();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    expect(
      await catalog.call("openspec_spec_diff", { workdir: root, spec: "ghost" }),
    ).toMatchObject({
      ok: false,
      code: "spec_not_found",
      error: expect.stringContaining("not found"),
    });
  });

  it("GIVEN a repository outside git WHEN diffed with from_git THEN not_a_git_repository, whose fix offers a change instead", async () => {
    const { catalog } = withGit();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    expect(
      await catalog.call("openspec_spec_diff", { workdir: root, from_git: true, spec: "auth" }),
    ).toMatchObject({
      ok: false,
      code: "not_a_git_repository",
      fix: expect.stringContaining("change"),
    });
  });

  it("GIVEN neither spec nor change WHEN diffed THEN the error says the spec is required, as callers of the earlier Hermes plugin match", async () => {
    const { catalog } = makeCatalog({ cli: false });
    expect(
      await catalog.call("openspec_spec_diff", { workdir: makeOpenSpecRepository() }),
    ).toMatchObject({
      ok: false,
      code: "invalid_input",
      error: "Nothing to diff: the spec is required unless a change is given.",
    });
  });

  it.each([
    ["neither change nor from_git", {}],
    ["from_git without spec", { from_git: true }],
    ["change and from_git together", { change: "x", from_git: true, spec: "auth" }],
    ["from_git: false and no change", { from_git: false, spec: "auth" }],
  ])(
    "GIVEN %s WHEN diffed THEN invalid_input with a fix that says what to pass",
    async (_, args) => {
      const { catalog } = makeCatalog({ cli: false });
      const root = makeOpenSpecRepository();
      const result = await catalog.call("openspec_spec_diff", { workdir: root, ...args });
      expect(result).toMatchObject({
        ok: false,
        code: "invalid_input",
        fix: expect.stringMatching(/from_git|change/),
      });
    },
  );

  it("GIVEN the catalog without the OpenSpec CLI WHEN the tools are listed THEN openspec_spec_diff is offered, read-only", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const availability = await catalog.availability();
    const entry = availability.find((candidate) => candidate.tool.name === "openspec_spec_diff");
    expect(entry?.available).toBe(true);
    expect(entry?.tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });
});
