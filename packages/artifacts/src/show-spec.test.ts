import { AUTH_SPEC, removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { showSpec } from "./show-spec.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const PROPOSAL =
  "# Keep a legacy note\n\n## Why\n\nAn old archive left a placeholder spec behind in this change.\n\n## What Changes\n\n- Keep the note.\n";

// A hang is what these guard against: a generous deadline, no timed assertion.
const DEADLINE_MS = 20_000;

describe("showSpec on a change's spec.md without delta sections", () => {
  it("GIVEN a change spec with neither a delta section nor a Purpose WHEN showing it THEN it is an empty delta with a warning, as the CLI reads it as adding no deltas", async () => {
    const { root, repository } = makeRepository({
      "openspec/changes/legacy/proposal.md": PROPOSAL,
      "openspec/changes/legacy/specs/notes/spec.md": "# Notes\n\nA placeholder, nothing more.\n",
    });
    const shown = showSpec(repository, { name: "notes", change: "legacy" });
    expect(shown).toEqual({
      ok: true,
      name: "notes",
      change: "legacy",
      path: "openspec/changes/legacy/specs/notes/spec.md",
      format: "delta",
      title: "Notes",
      purpose: "",
      requirements: [],
      removed: [],
      renamed: [],
      warnings: [
        expect.objectContaining({
          code: "missing_delta_sections",
          severity: "warning",
          message: expect.stringContaining("no ## ADDED, MODIFIED, REMOVED or RENAMED"),
        }),
      ],
    });
    const cli = await runRealOpenSpec(root, ["show", "legacy", "--json", "--deltas-only"]);
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ deltaCount: 0, deltas: [] });
  });

  it("GIVEN a change spec with only a Requirements section WHEN showing it THEN it is an empty delta titled by the spec id", () => {
    const { repository } = makeRepository({
      "openspec/changes/legacy/proposal.md": PROPOSAL,
      "openspec/changes/legacy/specs/notes/spec.md": "## Requirements\n\nNothing yet.\n",
    });
    expect(showSpec(repository, { name: "notes", change: "legacy" })).toMatchObject({
      ok: true,
      format: "delta",
      title: "notes",
      requirements: [],
    });
  });

  it("GIVEN a spec id with no spec WHEN showing it THEN spec_not_found says it was not found, and where", () => {
    const { repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    expect(showSpec(repository, { name: "ghost" })).toMatchObject({
      ok: false,
      code: "spec_not_found",
      error: 'Spec "ghost" not found in openspec/specs.',
      fix: "Known specs: auth.",
    });
  });

  it("GIVEN a baseline spec with neither section WHEN showing it THEN it keeps failing with spec_unparsable", () => {
    const { repository } = makeRepository({
      "openspec/specs/notes/spec.md": "# Notes\n\nA placeholder, nothing more.\n",
    });
    expect(showSpec(repository, { name: "notes" })).toMatchObject({
      ok: false,
      code: "spec_unparsable",
    });
  });

  it("GIVEN a baseline spec whose Requirements section is followed by a ## MODIFIED Requirements section WHEN showing it THEN it is a spec with its Purpose, as openspec show reads it", () => {
    const { repository } = makeRepository({
      "openspec/specs/auth/spec.md": `${AUTH_SPEC}\n## MODIFIED Requirements\n\n### Requirement: Pasted\nThe system SHALL be pasted.\n`,
    });
    const shown = showSpec(repository, { name: "auth" });
    expect(shown).toMatchObject({ ok: true, format: "spec", title: "Auth" });
    expect(shown.ok && shown.purpose).toMatch(/\S/);
    expect(shown.ok && shown.requirements.map((r) => r.name)).not.toContain("Pasted");
  });

  it("GIVEN a baseline spec that starts with ## ADDED Requirements WHEN showing it THEN it is refused with the sentence openspec show says, and told where deltas belong", () => {
    const { repository } = makeRepository({
      "openspec/specs/export/spec.md":
        "## ADDED Requirements\n\n### Requirement: Export\nThe system SHALL export.\n\n#### Scenario: Done\n- **WHEN** asked\n- **THEN** exported\n",
    });
    expect(showSpec(repository, { name: "export" })).toMatchObject({
      ok: false,
      code: "spec_unparsable",
      error:
        "The spec openspec/specs/export/spec.md is not valid: Spec must have a Purpose section (line 1).",
      fix: expect.stringContaining("belongs in a change's specs/ folder"),
      path: "openspec/specs/export/spec.md",
    });
  });

  it("GIVEN a change spec written as a full spec (Purpose and Requirements) WHEN showing it THEN it is still shown as a spec", () => {
    const { repository } = makeRepository({
      "openspec/changes/legacy/proposal.md": PROPOSAL,
      "openspec/changes/legacy/specs/auth/spec.md": AUTH_SPEC,
    });
    expect(showSpec(repository, { name: "auth", change: "legacy" })).toMatchObject({
      ok: true,
      format: "spec",
      title: "Auth",
    });
  });

  it("GIVEN a delta heading only inside a code fence WHEN showing the spec THEN the fence does not make it a delta", () => {
    const { repository } = makeRepository({
      "openspec/specs/auth/spec.md": `${AUTH_SPEC}\n\`\`\`markdown\n## ADDED Requirements\n\`\`\`\n`,
    });
    expect(showSpec(repository, { name: "auth" })).toMatchObject({ ok: true, format: "spec" });
  });
});

describe("showSpec on pathological lines", () => {
  it("GIVEN a delta spec titled `# a`, 80,000 spaces and `b` WHEN showing it THEN it answers with that title", {
    timeout: DEADLINE_MS,
  }, () => {
    const title = `a${" ".repeat(80_000)}b`;
    const { repository } = makeRepository({
      "openspec/changes/slow/proposal.md": PROPOSAL,
      "openspec/changes/slow/specs/auth/spec.md": `# ${title}\n\n## ADDED Requirements\n\n### Requirement: Sign in\n\nThe system SHALL sign people in.\n\n#### Scenario: Signed in\n\n- **WHEN** they sign in\n- **THEN** they are in\n`,
    });
    expect(showSpec(repository, { name: "auth", change: "slow" })).toMatchObject({
      ok: true,
      format: "delta",
      title,
      requirements: [{ name: "Sign in", operation: "ADDED" }],
    });
  });

  it.each([
    ["spaces", " "],
    ["hashes", "#"],
    ["backticks", "`"],
    ["stars", "*"],
    ["dashes", "-"],
    ["brackets", "["],
    ["pipes", "|"],
    ["tabs", "\t"],
  ])(
    "GIVEN a spec whose lines hold 200,000 %s WHEN showing it as a spec and as a delta THEN both answer",
    { timeout: DEADLINE_MS },
    (_label, char) => {
      const run = char.repeat(200_000);
      const hostile = [
        `# a${run}b`,
        `## ${run}x`,
        `### Requirement: ${run}`,
        `- **${run}**: ${run}`,
      ];
      const noise = `\n## Notes\n\n${hostile.join("\n")}\n`;
      const { repository } = makeRepository({
        "openspec/specs/auth/spec.md": `${AUTH_SPEC}${noise}`,
        "openspec/changes/slow/proposal.md": PROPOSAL,
        "openspec/changes/slow/specs/auth/spec.md": `## ADDED Requirements\n\n### Requirement: Kept\n\nThe system SHALL keep it.\n\n#### Scenario: Kept\n\n- **WHEN** it runs\n${noise}`,
      });
      expect(showSpec(repository, { name: "auth" })).toMatchObject({ ok: true, format: "spec" });
      expect(showSpec(repository, { name: "auth", change: "slow" })).toMatchObject({
        ok: true,
        format: "delta",
        requirements: [{ name: "Kept" }],
      });
    },
  );
});
