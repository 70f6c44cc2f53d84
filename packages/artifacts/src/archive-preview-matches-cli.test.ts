import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import {
  fissionOpenSpecFixture,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { openRepository } from "./open-repository.js";
import { previewChangeArchive } from "./preview-change-archive.js";
import {
  archiveWithCli,
  compareWithCli,
  mapConcurrently,
  type Outcome,
  readMainSpecs,
  tally,
} from "./test-support/archive-with-cli.js";

const PROJECT_OPENSPEC = fileURLToPath(new URL("../../../openspec/", import.meta.url));
const PARSER_CORPUS = fileURLToPath(
  new URL("../../spec-parser/src/test-support/corpus/", import.meta.url),
);

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
  const outcomes = await mapConcurrently(changes, 3, async (change) => {
    const root = join(temporaryFolder("archive-diff-"), "repo");
    cpSync(source, root, { recursive: true });
    const opened = openRepository(root, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    const preview = previewChangeArchive(opened.repository, { change });
    if (!preview.ok) throw new Error(`${change}: ${preview.error}`);
    const before = readMainSpecs(root);
    const cli = await archiveWithCli(root, change);
    return compareWithCli(change, preview, before, readMainSpecs(root), cli);
  });
  return outcomes.flat();
}

function expectAllAgree(outcomes: Outcome[]) {
  const disagreements = outcomes.filter(
    (outcome) => outcome.verdict !== "equal" && outcome.verdict !== "refused_by_both",
  );
  expect(disagreements).toEqual([]);
}

/** The spec-parser's corpus (files end in `.md.txt` there) as an OpenSpec repository. */
function corpusRepository(): string {
  const root = makeOpenSpecRepository({}, "corpus");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md.txt") && dir !== PARSER_CORPUS.replace(/\/$/, "")) {
        const target = join(
          root,
          "openspec",
          relative(PARSER_CORPUS, path).split(sep).join("/").slice(0, -".txt".length),
        );
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, readFileSync(path));
      }
    }
  };
  walk(PARSER_CORPUS);
  return root;
}

describe("previewChangeArchive against openspec archive", () => {
  it("GIVEN every active change of Fission-AI/OpenSpec WHEN previewed and then archived by the CLI THEN each written spec is the preview byte for byte, and both refuse the same changes", async () => {
    const outcomes = await differential(fissionOpenSpecFixture);
    expectAllAgree(outcomes);
    expect(tally(outcomes)).toEqual({
      equal: 27,
      different: 0,
      refused_by_both: 5,
      refused_by_cli_only: 0,
      refused_by_preview_only: 0,
    });
  });

  it("GIVEN the parser corpus's changes over its tricky main specs WHEN previewed and archived THEN preview and CLI agree", async () => {
    const outcomes = await differential(corpusRepository());
    expectAllAgree(outcomes);
    expect(outcomes.length).toBeGreaterThan(0);
  });

  it("GIVEN this project's own changes WHEN previewed and archived THEN preview and CLI agree", async () => {
    const root = join(temporaryFolder("own-"), "repo");
    mkdirSync(root);
    cpSync(PROJECT_OPENSPEC, join(root, "openspec"), { recursive: true });
    expect(existsSync(join(root, "openspec", "specs"))).toBe(true);
    const outcomes = await differential(root);
    expectAllAgree(outcomes);
    expect(outcomes.length).toBeGreaterThan(0);
  });
});
