import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import fc from "fast-check";
import pLimit from "p-limit";
import { afterAll, describe, expect, it } from "vitest";
import { openRepository, type Repository } from "./open-repository.js";
import { type ChangeArchivePreview, previewChangeArchive } from "./preview-change-archive.js";
import { archiveWithCli, compareWithCli, readMainSpecs } from "./test-support/archive-with-cli.js";
import { type DeltaCase, deltaCase } from "./test-support/delta-case-arbitrary.js";

afterAll(removeTemporaryFolders);

const CASES = 25;
const REFUSALS_RUN = 6;

/** Capability ids, every fourth one nested (`area/cap-<i>`): the CLI merges a nested delta into the nested main spec. */
const capability = (index: number) => (index % 4 === 0 ? `area/cap-${index}` : `cap-${index}`);

/** One repository: a capability per case, its delta in change `change-<i>`. */
function repositoryFor(cases: DeltaCase[]): Repository {
  const files: Record<string, string> = {};
  cases.forEach(({ baseline, delta }, index) => {
    if (baseline !== null) files[`openspec/specs/${capability(index)}/spec.md`] = baseline;
    files[`openspec/changes/change-${index}/specs/${capability(index)}/spec.md`] = delta;
  });
  const opened = openRepository(makeOpenSpecRepository(files), { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  return opened.repository;
}

async function preview(repository: Repository, change: string): Promise<ChangeArchivePreview> {
  const result = await previewChangeArchive(repository, { change });
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe("previewChangeArchive on generated deltas against openspec archive", () => {
  it("GIVEN generated baselines and deltas WHEN the merges the preview accepts are archived as one change, and each it refuses on its own THEN the CLI writes exactly the previews and refuses exactly those", async () => {
    const cases = fc.sample(deltaCase, { numRuns: CASES, seed: 20261203 });
    const repository = repositoryFor(cases);
    const previews = await Promise.all(
      cases.map((_, index) => preview(repository, `change-${index}`)),
    );
    const accepted = previews.flatMap((p, index) => (p.would_archive ? [index] : []));
    const refused = previews.flatMap((p, index) => (p.would_archive ? [] : [index]));
    // Both kinds must be there, or the run proves little.
    expect(accepted.length).toBeGreaterThan(3);
    expect(refused.length).toBeGreaterThan(3);

    // The accepted deltas move into one change, so one CLI run archives them all.
    const batch = join(repository.openspecDir, "changes", "accepted");
    for (const index of accepted) {
      mkdirSync(join(batch, "specs", capability(index)), { recursive: true });
      writeFileSync(join(batch, "specs", capability(index), "spec.md"), cases[index]!.delta);
    }
    const batched = await preview(repository, "accepted");
    expect(batched.would_archive).toBe(true);

    const before = readMainSpecs(repository.root);
    const archived = await archiveWithCli(repository.root, "accepted");
    const outcomes = compareWithCli(
      "accepted",
      batched,
      before,
      readMainSpecs(repository.root),
      archived,
    );
    // A refusal leaves every spec as it was, so each refused change runs on the same repository.
    const settled = readMainSpecs(repository.root);
    // Each refusal costs a CLI run of its own; the in-process parity suite of
    // the spec-parser covers refusals in bulk, so a few suffice here.
    const refusals = await pLimit(3).map(refused.slice(0, REFUSALS_RUN), async (index) => {
      const cli = await archiveWithCli(repository.root, `change-${index}`);
      return compareWithCli(
        `change-${index}`,
        previews[index]!,
        settled,
        readMainSpecs(repository.root),
        cli,
      );
    });
    const all = [...outcomes, ...refusals.flat()];
    expect(all.filter((o) => o.verdict !== "equal" && o.verdict !== "refused_by_both")).toEqual([]);
    expect(all.filter((o) => o.verdict === "equal")).toHaveLength(accepted.length);
  });
});
