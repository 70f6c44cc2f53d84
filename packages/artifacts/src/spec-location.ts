import { join } from "node:path";
import type { Failure } from "./failure.js";
import { locateActiveChange } from "./locate-active-change.js";
import type { Repository } from "./open-repository.js";

/** Where the specs of a repository, or of one of its active changes, live. */
export type SpecsLocation = {
  /** The folder that holds `<id>/spec.md` files. */
  specsDir: string;
  change: string | null;
};

/**
 * The baseline specs folder, or `openspec/changes/<change>/specs` when a
 * change is named; the change must exist as an active change folder.
 */
export function locateSpecs(
  repository: Repository,
  change: string | undefined | null,
): SpecsLocation | Failure {
  if (change === undefined || change === null || change === "") {
    return { specsDir: join(repository.openspecDir, "specs"), change: null };
  }
  const located = locateActiveChange(repository, change);
  if ("ok" in located) return located;
  return { specsDir: join(located.changeDir, "specs"), change };
}
