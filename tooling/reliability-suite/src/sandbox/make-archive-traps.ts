import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, writeFiles } from "@org/test-kit";
import { ESCAPING_SPECS, type Sandbox } from "./make-sandbox.js";
import { registerSource } from "./register-source.js";

/** A spec folder of shop, a symlink to an empty folder outside: the archive would create the spec there. */
export const LINKED_EMPTY = "linked-empty";
/** The spec folder of shop, a symlink to an empty folder outside, that a nested delta id (`linked-area/session`) goes through. */
export const LINKED_AREA = "linked-area";

/** A change of shop, every task ticked, whose one delta spec merges into the baseline `spec`. */
export const archiveChangeInto = (spec: string) => `archive-into-${spec.replaceAll("/", "-")}`;

/** The specs the archive traps merge into: each leads out through a symlink on the way. */
export const LINKED_BASELINES = [
  ...ESCAPING_SPECS,
  LINKED_EMPTY,
  `${LINKED_AREA}/session`,
] as const;

/** The source whose `openspec/changes/archive` is a symlink out, with the change ready to archive in it. */
export const ARCHIVE_LINKED_SOURCE = "archive-linked";
export const READY_CHANGE = "ready";

function readyChange(change: string, spec: string): Record<string, string> {
  return {
    [`openspec/changes/${change}/proposal.md`]: `# ${change}\n\n## Why\n\nTo see whether archiving it writes outside the repository, which it must never do.\n\n## What Changes\n\n- Merge one requirement into ${spec}.\n`,
    [`openspec/changes/${change}/tasks.md`]: "## 1. Merge\n\n- [x] 1.1 Write the delta\n",
    [`openspec/changes/${change}/specs/${spec}/spec.md`]:
      "## ADDED Requirements\n\n### Requirement: Archived inside\nThe system SHALL keep every archived spec inside its repository.\n\n#### Scenario: Archive\n- **WHEN** the change is archived\n- **THEN** nothing outside the repository changes\n",
  };
}

/**
 * Adds to the sandbox the archives that would write outside the repository:
 * in shop, one ready change per baseline that leads out (`leak-dir`, a
 * folder symlinked out; `leak-file`, whose spec.md is; `chained`, through a
 * second link; `linked-empty`, a folder symlinked to an empty folder outside,
 * where the spec would be new; `linked-area/session`, below a folder
 * symlinked out, which the CLI writes through without a warning); and the source `archive-linked`,
 * whose `openspec/changes/archive` is a symlink to a folder outside.
 */
export async function makeArchiveTraps(sandbox: Sandbox): Promise<void> {
  for (const spec of LINKED_BASELINES)
    writeFiles(sandbox.repo, readyChange(archiveChangeInto(spec), spec));
  for (const [folder, spec] of [
    ["empty", LINKED_EMPTY],
    ["area", LINKED_AREA],
  ] as const) {
    mkdirSync(join(sandbox.outside, folder));
    symlinkSync(join(sandbox.outside, folder), join(sandbox.repo, "openspec", "specs", spec));
  }

  const linked = makeOpenSpecRepository(readyChange(READY_CHANGE, "ui"), ARCHIVE_LINKED_SOURCE);
  const archive = join(linked, "openspec", "changes", "archive");
  rmSync(archive, { recursive: true, force: true });
  mkdirSync(join(sandbox.outside, "archive-folder"));
  symlinkSync(join(sandbox.outside, "archive-folder"), archive);
  await registerSource(sandbox.env, linked, ARCHIVE_LINKED_SOURCE);
}
