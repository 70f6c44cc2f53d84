import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDeltaSpec, type Requirement, stringifySpec } from "@org/openspec-spec-parser";
import {
  fissionOpenSpecFixture,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import pLimit from "p-limit";
import { afterAll, describe, expect, it } from "vitest";
import { openRepository } from "./open-repository.js";
import { previewChangeArchive } from "./preview-change-archive.js";
import {
  archiveWithCli,
  compareWithCli,
  type Outcome,
  readMainSpecs,
  tally,
} from "./test-support/archive-with-cli.js";
import { fissionArchives, fissionCopy } from "./test-support/fission-archives.js";
import { corpusRepository } from "./test-support/parser-corpus-repository.js";

const PROJECT_OPENSPEC = fileURLToPath(new URL("../../../openspec/", import.meta.url));

afterAll(removeTemporaryFolders);

/** The active changes of a repository's `openspec/changes`. */
function activeChanges(root: string): string[] {
  const dir = join(root, "openspec", "changes");
  return readdirSync(dir)
    .filter((name) => name !== "archive" && statSync(join(dir, name)).isDirectory())
    .sort();
}

/** Previews, then archives with the CLI, each change in a copy of its own. */
async function differential(source: string): Promise<Outcome[]> {
  const changes = activeChanges(source);
  const outcomes = await pLimit(3).map(changes, async (change) => {
    const root = join(temporaryFolder("archive-diff-"), "repo");
    cpSync(source, root, { recursive: true });
    const opened = openRepository(root, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    const preview = await previewChangeArchive(opened.repository, { change });
    if (!preview.ok) throw new Error(`${change}: ${preview.error}`);
    const before = readMainSpecs(root);
    const cli = await archiveWithCli(root, change);
    return compareWithCli(change, preview, before, readMainSpecs(root), cli);
  });
  return outcomes.flat();
}

/**
 * The same over the Fission-AI/OpenSpec fixture, against the CLI runs it shares
 * with the spec diff's check: each preview on a fresh copy of the fixture.
 */
async function fissionDifferential(): Promise<Outcome[]> {
  const archives = await fissionArchives();
  const outcomes = await Promise.all(
    archives.map(async ({ change, before, after, cli }) => {
      const opened = openRepository(fissionCopy("archive-diff-"), { searchUpward: false });
      if (!opened.ok) throw new Error(opened.error);
      const preview = await previewChangeArchive(opened.repository, { change });
      if (!preview.ok) throw new Error(`${change}: ${preview.error}`);
      return compareWithCli(change, preview, before, after, cli);
    }),
  );
  return outcomes.flat();
}

function expectAllAgree(outcomes: Outcome[]) {
  const disagreements = outcomes.filter(
    (outcome) => outcome.verdict !== "equal" && outcome.verdict !== "refused_by_both",
  );
  expect(disagreements).toEqual([]);
}

/**
 * The corpus again, each delta spec given the baseline it is written against:
 * the requirements it modifies (with an older statement and the same
 * scenarios), removes and renames, so the merges apply instead of refusing.
 */
function corpusWithBaselines(): string {
  const root = corpusRepository();
  const changes = join(root, "openspec", "changes");
  for (const change of readdirSync(changes).filter((name) => name !== "archive")) {
    const specsDir = join(changes, change, "specs");
    if (!existsSync(specsDir)) continue;
    for (const file of specFilesUnder(specsDir)) {
      const id = relative(specsDir, dirname(file)).split(sep).join("/");
      const parsed = parseDeltaSpec(readFileSync(file, "utf8"));
      if (!parsed.ok) continue;
      const old = (name: string, scenarios: Requirement["scenarios"] = []) => ({
        name,
        text: "The system SHALL do what it did before.",
        scenarios: [
          ...scenarios.map((scenario) => ({
            name: scenario.name,
            steps: [{ type: "THEN" as const, text: "it works" }],
          })),
          ...(scenarios.length === 0
            ? [{ name: "Before", steps: [{ type: "THEN" as const, text: "it works" }] }]
            : []),
        ],
      });
      const delta = parsed.value;
      // A MODIFIED block under a rename's new name lands on the renamed requirement.
      const renamedTo = new Map(delta.renamed.map((renamed) => [renamed.to, renamed.from]));
      const modifiedFrom = (name: string) =>
        delta.modified.find((m) => renamedTo.get(m.name) === name);
      const requirements = [
        ...delta.modified
          .filter((requirement) => !renamedTo.has(requirement.name))
          .map((requirement) => old(requirement.name, requirement.scenarios)),
        ...delta.removed.map((removed) => old(removed.name)),
        ...delta.renamed.map((renamed) => old(renamed.from, modifiedFrom(renamed.from)?.scenarios)),
      ];
      const target = join(root, "openspec", "specs", ...id.split("/"), "spec.md");
      if (requirements.length === 0 || existsSync(target)) continue;
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(
        target,
        stringifySpec({
          title: id,
          purpose: "What this capability does, for whom, and why it matters.",
          requirements,
        }),
      );
    }
  }
  return root;
}

function specFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return specFilesUnder(path);
    return name === "spec.md" ? [path] : [];
  });
}

describe("previewChangeArchive against openspec archive", () => {
  it("GIVEN every active change of Fission-AI/OpenSpec WHEN previewed and then archived by the CLI THEN each written spec is the preview byte for byte, and both refuse the same changes", async () => {
    const outcomes = await fissionDifferential();
    expectAllAgree(outcomes);
    expect(tally(outcomes)).toEqual({
      equal: 27,
      different: 0,
      refused_by_both: 5,
      refused_by_cli_only: 0,
      refused_by_preview_only: 0,
    });
  });

  it("GIVEN the parser corpus's changes, each over the baseline it is written against, beside its tricky main specs WHEN previewed and archived THEN preview and CLI agree", async () => {
    const outcomes = await differential(corpusWithBaselines());
    expectAllAgree(outcomes);
    expect(tally(outcomes)).toMatchObject({ equal: 1, different: 0, refused_by_both: 2 });
  });

  it("GIVEN this project's own changes, the archived ones brought back, WHEN previewed and archived again THEN preview and CLI agree", async () => {
    const root = join(temporaryFolder("own-"), "repo");
    mkdirSync(root);
    cpSync(PROJECT_OPENSPEC, join(root, "openspec"), { recursive: true });
    expect(existsSync(join(root, "openspec", "specs"))).toBe(true);
    // The project archives its changes once they land, so most of its deltas are
    // already in the baselines: archived again, both must leave those specs alone.
    const archive = join(root, "openspec", "changes", "archive");
    const dated = (name: string) => /^\d{4}-\d{2}-\d{2}-/.test(name);
    for (const folder of existsSync(archive) ? readdirSync(archive).filter(dated) : []) {
      renameSync(join(archive, folder), join(root, "openspec", "changes", folder.slice(11)));
    }
    const outcomes = await differential(root);
    expectAllAgree(outcomes);
    expect(tally(outcomes).equal).toBeGreaterThan(0);
  });

  it("GIVEN the archive folder a change would move to exists already WHEN previewed and archived THEN both refuse and no spec changes", async () => {
    const root = join(temporaryFolder("taken-"), "repo");
    cpSync(fissionOpenSpecFixture, root, { recursive: true });
    const opened = openRepository(root, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    const change = "add-update-workflow";
    const free = await previewChangeArchive(opened.repository, { change });
    if (!free.ok) throw new Error(free.error);
    mkdirSync(join(root, "openspec", "changes", "archive", free.archived_as), { recursive: true });
    const preview = await previewChangeArchive(opened.repository, { change });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.diagnostics.map((d) => d.code)).toEqual(["archive_target_exists"]);
    const before = readMainSpecs(root);
    const cli = await archiveWithCli(root, change);
    expect(cli.message).toBe(`Archive '${free.archived_as}' already exists.`);
    expect(compareWithCli(change, preview, before, readMainSpecs(root), cli)).toMatchObject([
      { verdict: "refused_by_both" },
    ]);
  });

  // The one known difference, kept here so it is seen: the preview does not
  // model retire_capabilities, and says so with a warning.
  it("GIVEN a change with retire_capabilities removing a capability's last requirement WHEN archived THEN the CLI deletes the main spec while the preview refuses the delta and warns", async () => {
    const spec =
      "# Legacy\n\n## Purpose\nWhat the legacy exporter did, for the reports that still used it.\n\n## Requirements\n\n### Requirement: Export\nThe system SHALL export CSV.\n\n#### Scenario: Export\n- **WHEN** asked\n- **THEN** a CSV is written\n";
    const root = makeOpenSpecRepository({
      "openspec/specs/legacy/spec.md": spec,
      "openspec/changes/drop-legacy/.openspec.yaml":
        "schema: spec-driven\nretire_capabilities: true\n",
      "openspec/changes/drop-legacy/specs/legacy/spec.md":
        "## REMOVED Requirements\n- `### Requirement: Export`\n",
    });
    const opened = openRepository(root, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    const preview = await previewChangeArchive(opened.repository, { change: "drop-legacy" });
    expect(preview).toMatchObject({
      would_archive: false,
      diagnostics: [{ code: "retirement_not_previewed" }],
      specs: [{ spec: "legacy", merged: null, diagnostics: [{ code: "merged_spec_invalid" }] }],
    });
    const cli = await archiveWithCli(root, "drop-legacy");
    expect(cli.archived).toBe(true);
    expect(readMainSpecs(root).has("legacy")).toBe(false);
  });

  it("GIVEN a file where a change's specs folder should be WHEN previewed and archived THEN both refuse", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/odd/proposal.md": "# Odd\n",
      "openspec/changes/odd/specs": "not a folder\n",
    });
    const opened = openRepository(root, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    const preview = await previewChangeArchive(opened.repository, { change: "odd" });
    if (!preview.ok) throw new Error(preview.error);
    const before = readMainSpecs(root);
    const cli = await archiveWithCli(root, "odd");
    expect(compareWithCli("odd", preview, before, readMainSpecs(root), cli)).toMatchObject([
      { verdict: "refused_by_both" },
    ]);
  });
});
