import { makeOpenSpecRepository, removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { openRepository } from "./open-repository.js";
import { previewChangeArchive } from "./preview-change-archive.js";

afterEach(removeTemporaryFolders);

const PROPOSAL =
  "## Why\nPeople need to sign in with more than a password.\n\n## What Changes\n- Passkeys\n";
const BASELINE =
  "# auth\n\n## Purpose\nWho may sign in, and how, for every client of the service.\n\n## Requirements\n\n### Requirement: Login\nThe system SHALL log in.\n\n#### Scenario: Login works\n- **WHEN** used\n- **THEN** it works\n";
const ADDED =
  "## ADDED Requirements\n\n### Requirement: Passkeys\nThe system SHALL accept passkeys.\n\n#### Scenario: Passkey works\n- **WHEN** used\n- **THEN** it works\n";
// Requirements written as a baseline would be, without a delta header.
const HEADERLESS =
  "# Billing\n\nNotes first.\n\n### Requirement: Invoices\nThe system SHALL send invoices.\n\n#### Scenario: Sent\n- **WHEN** a month ends\n- **THEN** an invoice is sent\n";

/** The error sentences of a preview, of the change and of each spec. */
function refusals(root: string): string[] {
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  const preview = previewChangeArchive(opened.repository, { change: "add-passkeys" });
  if (!preview.ok) throw new Error(preview.error);
  expect(preview.would_archive).toBe(false);
  return [...preview.diagnostics, ...preview.specs.flatMap((spec) => spec.diagnostics)]
    .filter((diagnostic) => diagnostic.severity === "error")
    .map((diagnostic) => diagnostic.message);
}

describe("an archive preview refuses a delta spec without delta headers in the CLI's words", () => {
  it("GIVEN a change whose only delta spec has no delta header WHEN previewed and archived THEN the preview says the sentence openspec archive prints", () => {
    const root = makeOpenSpecRepository({
      "openspec/specs/billing/spec.md": BASELINE.replace("# auth", "# billing"),
      "openspec/changes/add-passkeys/proposal.md": PROPOSAL,
      "openspec/changes/add-passkeys/specs/billing/spec.md": HEADERLESS,
    });
    const ours = refusals(root);
    expect(ours).toEqual([
      "Delta parsing found no operations for billing. Provide ADDED/MODIFIED/REMOVED/RENAMED sections in change spec.",
    ]);
    const cli = runRealOpenSpec(root, ["archive", "add-passkeys", "--yes"]);
    expect(cli.status).not.toBe(0);
    for (const sentence of ours) expect(`${cli.stdout}${cli.stderr}`).toContain(sentence);
  });

  it("GIVEN a change with one delta spec with headers and one without WHEN previewed and archived THEN the headerless one gets the sentence the archive's validation prints", () => {
    const root = makeOpenSpecRepository({
      "openspec/specs/auth/spec.md": BASELINE,
      "openspec/specs/billing/spec.md": BASELINE.replace("# auth", "# billing"),
      "openspec/changes/add-passkeys/proposal.md": PROPOSAL,
      "openspec/changes/add-passkeys/specs/auth/spec.md": ADDED,
      "openspec/changes/add-passkeys/specs/billing/spec.md": HEADERLESS,
    });
    const ours = refusals(root);
    expect(ours).toEqual([
      'No delta sections found. Add headers such as "## ADDED Requirements" or move non-delta notes outside specs/.',
    ]);
    const cli = runRealOpenSpec(root, ["archive", "add-passkeys", "--yes"]);
    expect(cli.status).not.toBe(0);
    for (const sentence of ours) expect(`${cli.stdout}${cli.stderr}`).toContain(sentence);
  });
});
