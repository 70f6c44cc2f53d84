import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The yardstick of context-speed: the least a bare answer must read. Lists
 * the active and archived change folders, checks each for proposal.md, and
 * walks openspec/specs for spec.md files. Returns the three counts.
 */
export function bareDirectoryScan(root) {
  const changesDir = join(root, "openspec", "changes");
  const archiveDir = join(changesDir, "archive");
  const countProposals = (folder, skip) => {
    let count = 0;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === skip) continue;
      if (existsSync(join(folder, entry.name, "proposal.md"))) count += 1;
    }
    return count;
  };
  let specs = 0;
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === "spec.md" && entry.isFile()) specs += 1;
      else if (entry.isDirectory()) walk(join(folder, entry.name));
    }
  };
  walk(join(root, "openspec", "specs"));
  return {
    changes: countProposals(changesDir, "archive"),
    archived: countProposals(archiveDir, undefined),
    specs,
  };
}
