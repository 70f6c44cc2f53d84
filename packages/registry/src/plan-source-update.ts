import type { CheckedSourceChanges } from "./check-source-changes.js";
import type { SourceClaim } from "./check-source-conflicts.js";
import type { RegistryFailure } from "./registry-failure.js";
import type { Source } from "./source.js";
import { validateUnnamedFolder } from "./validate-unnamed-folder.js";

/** What an update does to a source: nothing, or its next path and name and what they claim. */
export type SourceUpdatePlan =
  | { readonly unchanged: true }
  | {
      readonly unchanged: false;
      readonly path: string;
      readonly name: string | null;
      /** The path and name the source newly takes, to check for conflicts. */
      readonly claim: SourceClaim;
    };

/** Plans an update of `current` inside the write transaction; shared by both databases. */
export function planSourceUpdate(
  current: Source,
  changes: CheckedSourceChanges,
): SourceUpdatePlan | RegistryFailure {
  const path = changes.path ?? current.path;
  const name = changes.name === undefined ? current.name : changes.name;
  if (path === current.path && name === current.name) return { unchanged: true };
  const unnamedProblem = name === null ? validateUnnamedFolder(path) : undefined;
  if (unnamedProblem !== undefined) return unnamedProblem;
  return {
    unchanged: false,
    path,
    name,
    claim: {
      path: path === current.path ? undefined : path,
      name: name === current.name || name === null ? undefined : name,
    },
  };
}
