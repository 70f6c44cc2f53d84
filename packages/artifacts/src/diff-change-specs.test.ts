import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import { applyPatch } from "diff";
import { afterEach, describe, expect, it } from "vitest";
import { createChange } from "./create-change.js";
import { diffChangeSpecs } from "./diff-change-specs.js";
import { openRepository, type Repository } from "./open-repository.js";
import { fissionArchives, fissionCopy } from "./test-support/fission-archives.js";

afterEach(removeTemporaryFolders);

const step = (type: "GIVEN" | "WHEN" | "THEN", text: string) => ({ type, text });
const scenario = (name: string, when: string) => ({
  name,
  steps: [step("WHEN", when), step("THEN", "the outcome is recorded")],
});
const requirement = (name: string, description: string, ...scenarios: string[]) => ({
  name,
  description,
  scenarios: scenarios.map((when, index) => scenario(`${name} ${index + 1}`, when)),
});

/** A baseline with four requirements for the change below to add to, modify, remove and rename. */
const ACCOUNTS_SPEC = `# Accounts

## Purpose

Who holds an account, how it is opened and closed, and what it is called.

## Requirements

### Requirement: Open
The system SHALL open an account for a verified email.

#### Scenario: Open 1
- **WHEN** a verified email signs up
- **THEN** the outcome is recorded

### Requirement: Close
The system SHALL close an account on request.

#### Scenario: Close 1
- **WHEN** the owner asks
- **THEN** the outcome is recorded

### Requirement: Nickname
The system SHALL let an owner pick a nickname.

#### Scenario: Nickname 1
- **WHEN** the owner types one
- **THEN** the outcome is recorded

### Requirement: Guest
The system SHALL let guests browse.

#### Scenario: Guest 1
- **WHEN** a guest arrives
- **THEN** the outcome is recorded
`;

function opened(root: string): Repository {
  const result = openRepository(root, { searchUpward: false });
  if (!result.ok) throw new Error(result.error);
  return result.repository;
}

/** The main spec files under openspec/specs, by id. */
function mainSpecs(root: string): Map<string, string> {
  const specs = new Map<string, string>();
  const walk = (dir: string, id: string[]) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, [...id, name]);
      else if (name === "spec.md") specs.set(id.join("/"), readFileSync(path, "utf8"));
    }
  };
  const dir = join(root, "openspec", "specs");
  if (existsSync(dir)) walk(dir, []);
  return specs;
}

/**
 * Diffs a change, archives it with the real CLI, and holds every spec's
 * unified diff, applied to the baseline, against the file the CLI wrote.
 */
async function patchAgainstArchive(root: string, change: string) {
  const diffed = await diffChangeSpecs(opened(root), { change });
  if (!diffed.ok) throw new Error(`${change}: ${diffed.error}`);
  const before = mainSpecs(root);
  const archive = await runRealOpenSpec(root, ["archive", change, "--yes"]);
  const archived = !existsSync(join(root, "openspec", "changes", change));
  return {
    ...verdictsOf(diffed, before, mainSpecs(root), archived),
    cli: archive.stdout + archive.stderr,
  };
}

/**
 * Each spec's unified diff applied to its baseline (`before`), against what the
 * archive left (`after`): the file it wrote when it archived, the baseline when it refused.
 */
function verdictsOf(
  diffed: Extract<Awaited<ReturnType<typeof diffChangeSpecs>>, { ok: true }>,
  before: Map<string, string>,
  after: Map<string, string>,
  archived: boolean,
) {
  const refused = diffed.specs.some((spec) => spec.diagnostics.some((d) => d.severity === "error"));
  const verdicts = diffed.specs.map((spec) => {
    const patched = applyPatch(before.get(spec.spec) ?? "", spec.unified_diff);
    const written = after.get(spec.spec);
    return {
      spec: spec.spec,
      equal: archived ? patched === written : patched === (before.get(spec.spec) ?? "") || refused,
    };
  });
  return { diffed, archived, refused, verdicts };
}

describe("diffChangeSpecs against openspec archive", () => {
  it("GIVEN a change made by createChange that adds, modifies, removes, renames, and renames then modifies WHEN its diffs are applied to the baselines THEN they give byte for byte the files openspec archive writes", async () => {
    const root = makeOpenSpecRepository({ "openspec/specs/accounts/spec.md": ACCOUNTS_SPEC });
    const created = await createChange(opened(root), {
      name: "rework-accounts",
      why: "Accounts need a display name instead of a nickname, and guests should no longer browse anonymously.",
      whatChanges: ["Rework accounts"],
      specs: [
        {
          name: "accounts",
          added: [
            requirement(
              "Export",
              "The system SHALL export an account's data on request.",
              "the owner asks for an export",
            ),
          ],
          modified: [
            requirement(
              "Open",
              "The system SHALL open an account for a verified email or phone.",
              "a verified email signs up",
              "a verified phone signs up",
            ),
            {
              // The renamed requirement keeps its scenario's name: the archive refuses to drop one.
              ...requirement("Display name", "The system SHALL let an owner pick a display name."),
              scenarios: [scenario("Nickname 1", "the owner types a display name")],
            },
          ],
          removed: [{ name: "Guest", reason: "Browsing needs an account now." }],
          renamed: [{ from: "Nickname", to: "Display name" }],
        },
        {
          name: "exports",
          purpose: "How account data leaves the system, in which formats and for whom.",
          added: [
            requirement("Format", "The system SHALL export data as JSON.", "an export is made"),
          ],
        },
      ],
    });
    if (!created.ok) throw new Error(created.error);

    const result = await patchAgainstArchive(root, "rework-accounts");
    expect(result.cli).toContain("archived");
    expect(result.archived).toBe(true);
    expect(result.verdicts).toEqual([
      { spec: "accounts", equal: true },
      { spec: "exports", equal: true },
    ]);
    const accounts = result.diffed.specs.find((spec) => spec.spec === "accounts");
    expect(
      accounts?.requirements.map((entry) => [entry.operation, entry.from, entry.name]),
    ).toEqual(
      expect.arrayContaining([
        ["ADDED", undefined, "Export"],
        ["MODIFIED", undefined, "Open"],
        ["REMOVED", undefined, "Guest"],
        ["RENAMED", "Nickname", "Display name"],
      ]),
    );
    expect(accounts?.requirements).toHaveLength(4);
  }, 60_000);

  it("GIVEN every active change of Fission-AI/OpenSpec's own repository WHEN each one's diffs are applied to the baselines THEN every spec the CLI archives equals the patched baseline", async () => {
    // The CLI's archive of each change, in a copy of its own, shared with the archive preview's check.
    const archives = await fissionArchives();
    expect(archives.length).toBeGreaterThanOrEqual(20);
    const perChange = await Promise.all(
      archives.map(async ({ change, before, after, moved }) => {
        const diffed = await diffChangeSpecs(opened(fissionCopy("fission-diff-")), { change });
        if (!diffed.ok) throw new Error(`${change}: ${diffed.error}`);
        const result = verdictsOf(diffed, before, after, moved);
        return result.verdicts.map((verdict) => ({
          change,
          archived: result.archived,
          ...verdict,
        }));
      }),
    );
    const verdicts = perChange.flat();
    const different = verdicts.filter((verdict) => !verdict.equal);
    expect(different).toEqual([]);
    // Most of the corpus archives: the comparison must not pass by refusing everything.
    expect(verdicts.filter((verdict) => verdict.archived).length).toBeGreaterThan(
      verdicts.length / 2,
    );
  }, 300_000);
});
