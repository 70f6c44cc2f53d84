import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { SequenceToImport as HermesSequenceRow } from "../index.js";
import { importHermesSequences } from "./import-hermes-sequences.js";

afterEach(removeTemporaryFolders);

const proposal = (name: string) =>
  `# ${name}\n\n## Why\n\nThe ${name} step is needed so that the rollout goes ahead in order.\n\n## What Changes\n\n- Add ${name}.\n`;

/** The earlier plugin's change_sequence rows for the source os_abc123 (demo), as its registry reads them. */
function rowsOf(rows: [string, string, number, string[]][]): HermesSequenceRow[] {
  return rows.map(([change, group, position, dependsOn]) => ({
    sourceToken: "os_abc123",
    change,
    group,
    position,
    dependsOn,
  }));
}

const demo = (root: string) => [{ token: "os_abc123", name: "demo", path: root }];

const metadataOf = (root: string, change: string) =>
  parse(readFileSync(join(root, "openspec/changes", change, ".openspec.yaml"), "utf8"));

describe("GIVEN the earlier Hermes plugin's database with a declared sequence", () => {
  it("WHEN its sources are imported THEN the declared order and dependencies land in each change's .openspec.yaml, the plugin's own first-seen order does not, and a second import writes nothing", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/phase-one/proposal.md": proposal("phase-one"),
      "openspec/changes/phase-two/proposal.md": proposal("phase-two"),
      "openspec/changes/final-proof/proposal.md": proposal("final-proof"),
      "openspec/changes/seen-only/proposal.md": proposal("seen-only"),
      "openspec/changes/archive/2026-11-01-shipped/proposal.md": proposal("shipped"),
    });
    const rows = rowsOf([
      ["phase-one", "poc", 1, []],
      ["shipped", "poc", 2, []],
      ["phase-two", "poc", 3, []],
      ["final-proof", "poc", 4, ["phase-one", "phase-two", "shipped"]],
      ["seen-only", "default", 5, []],
    ]);
    expect(await importHermesSequences(rows, demo(root))).toEqual([
      {
        source: "demo",
        group: "poc",
        changes: ["phase-one", "phase-two", "final-proof"],
        written: [
          "openspec/changes/phase-one/.openspec.yaml",
          "openspec/changes/phase-two/.openspec.yaml",
          "openspec/changes/final-proof/.openspec.yaml",
        ],
      },
    ]);
    expect(metadataOf(root, "final-proof")).toMatchObject({
      schema: "spec-driven",
      sequence: { group: "poc", position: 3, depends_on: ["phase-one", "phase-two"] },
    });
    expect(existsSync(join(root, "openspec/changes/seen-only/.openspec.yaml"))).toBe(false);
    const before = readFileSync(join(root, "openspec/changes/final-proof/.openspec.yaml"), "utf8");
    expect(await importHermesSequences(rows, demo(root))).toMatchObject([
      { group: "poc", skipped: expect.stringContaining("already records") },
    ]);
    expect(readFileSync(join(root, "openspec/changes/final-proof/.openspec.yaml"), "utf8")).toBe(
      before,
    );
  });

  it("WHEN the plugin recorded a cycle THEN that group is skipped with the cycle named, and nothing is written", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/a-change/proposal.md": proposal("a-change"),
      "openspec/changes/b-change/proposal.md": proposal("b-change"),
    });
    const rows = rowsOf([
      ["a-change", "loop", 1, ["b-change"]],
      ["b-change", "loop", 2, ["a-change"]],
    ]);
    expect(await importHermesSequences(rows, demo(root))).toMatchObject([
      { group: "loop", skipped: expect.stringContaining("a-change → b-change → a-change") },
    ]);
    expect(existsSync(join(root, "openspec/changes/a-change/.openspec.yaml"))).toBe(false);
  });
});
