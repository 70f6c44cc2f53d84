import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "@org/test-kit";

/** A delta spec heading that made a backtracking regular expression take half a minute. */
export const SLOW_HEADING = `# a${" ".repeat(80_000)}b\n`;

const PROPOSAL = "## Why\nA reason that is long enough.\n\n## What Changes\n- One thing.\n";

/**
 * Fills a repository with everything a hostile or broken checkout can hold
 * at once: FIFOs where proposal, design, tasks and a spec are expected,
 * branching symlink loops under `openspec/specs`, a pathological heading,
 * and files and folders without read permission. The sandbox's own traps (a
 * change folder symlinked out, links to outside files) stay as they are.
 */
export function makeHostileRepository(repo: string): void {
  const openspec = join(repo, "openspec");
  writeFiles(repo, {
    "openspec/changes/piped/proposal.md": PROPOSAL,
    "openspec/changes/slow-heading/proposal.md": PROPOSAL,
    "openspec/changes/slow-heading/specs/slow/spec.md": SLOW_HEADING,
    "openspec/specs/slow/spec.md": SLOW_HEADING,
    "openspec/specs/secret/spec.md": "# secret\n\n## Purpose\nHidden.\n\n## Requirements\n",
    "openspec/changes/locked/proposal.md": PROPOSAL,
  });
  const fifo = (path: string) => execFileSync("mkfifo", [path]);
  fifo(join(openspec, "changes", "piped", "design.md"));
  fifo(join(openspec, "changes", "piped", "tasks.md"));
  mkdirSync(join(openspec, "changes", "piped-proposal"));
  fifo(join(openspec, "changes", "piped-proposal", "proposal.md"));
  fifo(join(openspec, "pipe"));
  mkdirSync(join(openspec, "specs", "piped-spec"));
  symlinkSync(join(openspec, "pipe"), join(openspec, "specs", "piped-spec", "spec.md"));
  for (const link of ["l1", "l2", "l3"]) symlinkSync(".", join(openspec, "specs", link));
  chmodSync(join(openspec, "specs", "secret", "spec.md"), 0o000);
  chmodSync(join(openspec, "changes", "locked", "proposal.md"), 0o000);
}
