import { cpSync, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fissionOpenSpecFixture, temporaryFolder } from "@org/test-kit";
import pLimit from "p-limit";
import { archiveWithCli, type CliArchive, readMainSpecs } from "./archive-with-cli.js";

/** What the real CLI's archive did to one active change of the Fission-AI/OpenSpec fixture. */
export type FissionArchive = {
  change: string;
  /** The main specs before and after the archive, by capability id. */
  before: Map<string, string>;
  after: Map<string, string>;
  cli: CliArchive;
  /** The change's folder is gone from `openspec/changes` afterwards. */
  moved: boolean;
};

let archives: Promise<FissionArchive[]> | undefined;

/** The fixture's active changes, sorted. */
export function fissionActiveChanges(): string[] {
  const dir = join(fissionOpenSpecFixture, "openspec", "changes");
  return readdirSync(dir)
    .filter((name) => name !== "archive" && statSync(join(dir, name)).isDirectory())
    .sort();
}

/**
 * Archives every active change of the fixture with the real CLI, each in a copy of
 * its own, once per test process. The archive preview and the spec diff are both
 * held against these same runs; the package's test files share their worker
 * process, so the second file reads the first one's results instead of starting
 * the CLI twenty times more. Each caller previews or diffs a fresh copy of its own.
 */
export function fissionArchives(): Promise<FissionArchive[]> {
  archives ??= pLimit(3).map(fissionActiveChanges(), async (change) => {
    const root = fissionCopy("fission-archive-");
    const before = readMainSpecs(root);
    const cli = await archiveWithCli(root, change);
    const moved = !existsSync(join(root, "openspec", "changes", change));
    return { change, before, after: readMainSpecs(root), cli, moved };
  });
  return archives;
}

/** A fresh copy of the fixture in a temporary folder; returns the repository's root. */
export function fissionCopy(prefix: string): string {
  const root = join(temporaryFolder(prefix), "repo");
  cpSync(fissionOpenSpecFixture, root, { recursive: true });
  return root;
}
