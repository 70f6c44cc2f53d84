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

/**
 * Previews the change's archive, checks its error sentences are `expected`,
 * then archives with the CLI and checks it printed each of them.
 */
async function expectRefusedInTheCliWords(
  files: Record<string, string>,
  expected: string[],
): Promise<void> {
  const root = makeOpenSpecRepository({
    "openspec/changes/add-passkeys/proposal.md": PROPOSAL,
    ...files,
  });
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  const preview = await previewChangeArchive(opened.repository, { change: "add-passkeys" });
  if (!preview.ok) throw new Error(preview.error);
  expect(preview.would_archive).toBe(false);
  const ours = [...preview.diagnostics, ...preview.specs.flatMap((spec) => spec.diagnostics)]
    .filter((diagnostic) => diagnostic.severity === "error")
    .map((diagnostic) => diagnostic.message);
  expect(ours).toEqual(expected);
  const cli = await runRealOpenSpec(root, ["archive", "add-passkeys", "--yes"]);
  expect(cli.status).not.toBe(0);
  for (const sentence of ours) expect(`${cli.stdout}${cli.stderr}`).toContain(sentence);
}

describe("an archive preview refuses a delta spec without delta headers in the CLI's words", () => {
  it("GIVEN a change whose only delta spec has no delta header WHEN previewed and archived THEN the preview says the sentence openspec archive prints", async () => {
    await expectRefusedInTheCliWords(
      {
        "openspec/specs/billing/spec.md": BASELINE.replace("# auth", "# billing"),
        "openspec/changes/add-passkeys/specs/billing/spec.md": HEADERLESS,
      },
      [
        "Delta parsing found no operations for billing. Provide ADDED/MODIFIED/REMOVED/RENAMED sections in change spec.",
      ],
    );
  });

  it("GIVEN a change with one delta spec with headers and one without WHEN previewed and archived THEN the headerless one gets the sentence the archive's validation prints", async () => {
    await expectRefusedInTheCliWords(
      {
        "openspec/specs/auth/spec.md": BASELINE,
        "openspec/specs/billing/spec.md": BASELINE.replace("# auth", "# billing"),
        "openspec/changes/add-passkeys/specs/auth/spec.md": ADDED,
        "openspec/changes/add-passkeys/specs/billing/spec.md": HEADERLESS,
      },
      [
        'No delta sections found. Add headers such as "## ADDED Requirements" or move non-delta notes outside specs/.',
      ],
    );
  });

  it("GIVEN a change whose only delta spec has a MODIFIED section without a Requirement entry WHEN previewed and archived THEN the preview gives both reasons the CLI gives: the empty section, and no delta in the whole change", async () => {
    await expectRefusedInTheCliWords(
      {
        "openspec/specs/auth/spec.md": BASELINE,
        "openspec/changes/add-passkeys/specs/auth/spec.md":
          "## MODIFIED Requirements\n\nLogin changes a little.\n",
      },
      [
        'Change must have at least one delta. No deltas found. Ensure your change has a specs/ directory with capability folders (e.g. specs/http-server/spec.md) containing .md files that use delta headers (## ADDED/MODIFIED/REMOVED/RENAMED Requirements) and that each requirement includes at least one "#### Scenario:" block. If this change intentionally modifies no specs (pure refactor, tooling, docs), set "skip_specs: true" in the change\'s .openspec.yaml instead. Tip: run "openspec change show <change-id> --json --deltas-only" to inspect parsed deltas.',
        'Delta sections ## MODIFIED Requirements were found, but no requirement entries parsed. Ensure each section includes at least one "### Requirement:" block (REMOVED may use bullet list syntax).',
      ],
    );
  });
});
