import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "@org/test-kit";

/** A delta spec heading that made a backtracking regular expression take half a minute. */
export const SLOW_HEADING = `# a${" ".repeat(80_000)}b\n`;

const PROPOSAL = "## Why\nA reason that is long enough.\n\n## What Changes\n- One thing.\n";

/** A `.openspec.yaml` whose aliases expand to a billion entries when read naively ("billion laughs"). */
const ALIAS_BOMB = [
  'a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]',
  ...["b", "c", "d", "e", "f", "g", "h", "i"].map(
    (name, index) => `${name}: &${name} [${Array(10).fill(`*${"abcdefgh"[index]}`).join(", ")}]`,
  ),
  "schema: spec-driven",
  "sequence: { group: g, position: 1, depends_on: *i }",
  "",
].join("\n");

/**
 * Fills a repository with everything a hostile or broken checkout can hold
 * at once: FIFOs where proposal, design, tasks and a spec are expected,
 * a FIFO and an alias bomb as a change's `.openspec.yaml`, branching
 * symlink loops under `openspec/specs`, a pathological heading,
 * files and folders without read permission, and ideas of each kind (a
 * FIFO, a link to one, a loop, a pathological heading, an unreadable one). The sandbox's own traps (a
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
    "openspec/ideas/slow-idea.md": `${SLOW_HEADING}\n## Prompt\n${"<!-- OPENSPEC_IDEA_ENRICHMENT_START -->".repeat(2000)}\n`,
    "openspec/ideas/locked-idea.md": "# Locked\n\n## Prompt\nHidden.\n",
    "openspec/changes/piped-metadata/proposal.md": PROPOSAL,
    "openspec/changes/alias-bomb/proposal.md": PROPOSAL,
    "openspec/changes/alias-bomb/.openspec.yaml": ALIAS_BOMB,
  });
  const fifo = (path: string) => execFileSync("mkfifo", [path]);
  fifo(join(openspec, "changes", "piped", "design.md"));
  fifo(join(openspec, "changes", "piped", "tasks.md"));
  mkdirSync(join(openspec, "changes", "piped-proposal"));
  fifo(join(openspec, "changes", "piped-proposal", "proposal.md"));
  fifo(join(openspec, "changes", "piped-metadata", ".openspec.yaml"));
  fifo(join(openspec, "pipe"));
  mkdirSync(join(openspec, "specs", "piped-spec"));
  symlinkSync(join(openspec, "pipe"), join(openspec, "specs", "piped-spec", "spec.md"));
  for (const link of ["l1", "l2", "l3"]) symlinkSync(".", join(openspec, "specs", link));
  chmodSync(join(openspec, "specs", "secret", "spec.md"), 0o000);
  chmodSync(join(openspec, "changes", "locked", "proposal.md"), 0o000);
  // Ideas: a FIFO, a link to the FIFO, a loop, and the unreadable one above.
  fifo(join(openspec, "ideas", "piped-idea.md"));
  symlinkSync(join(openspec, "pipe"), join(openspec, "ideas", "linked-pipe.md"));
  symlinkSync("looped-idea.md", join(openspec, "ideas", "looped-idea.md"));
  chmodSync(join(openspec, "ideas", "locked-idea.md"), 0o000);
}
