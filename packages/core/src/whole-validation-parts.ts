import { join } from "node:path";
import { changeValidationRest } from "./change-validation-rest.js";
import type { FolderParts } from "./fingerprint-folders.js";

/** How a validation of every change can be brought up to date one change at a time. */
export type WholeValidationParts = {
  /** The repository's `openspec/changes`, whose folders are the changes. */
  changesFolder: string;
  /** What every change's validation reads besides its own folder (`changeValidationRest`). */
  rest: FolderParts;
  /** The arguments of one change's validation with the same flags, with the change's name for `{}`. */
  oneChangeArgs: (name: string) => string[];
};

const SCOPES = new Set(["--all", "--changes"]);

/**
 * The parts of `openspec validate --all` (or `--changes`) with `--json`, when
 * its report can be kept and brought up to date change by change: every change
 * item is what `openspec validate <change> --type change` with the same flags
 * reports (the CLI runs the same validator on the same folders), and reads only
 * that change's folder and the `rest`. Undefined for any other command, with
 * `--store`, and when `changeValidationRest` is.
 */
export function wholeValidationParts(
  args: readonly string[],
  openspecFolder: string,
  dataFolder: string,
): WholeValidationParts | undefined {
  const [command, ...flags] = args;
  if (command !== "validate" || !flags.includes("--json")) return undefined;
  if (flags.filter((flag) => SCOPES.has(flag)).length !== 1) return undefined;
  // Only the flags the catalog passes: anything else may change what each item reports.
  const known = new Set([...SCOPES, "--strict", "--json", "--no-interactive"]);
  if (flags.some((flag) => !known.has(flag))) return undefined;
  const rest = changeValidationRest(openspecFolder, dataFolder);
  if (rest === undefined) return undefined;
  const others = flags.filter((flag) => !SCOPES.has(flag));
  return {
    changesFolder: join(openspecFolder, "changes"),
    rest,
    // The order validateArgs gives, so the run is shared with a validation of that change alone.
    oneChangeArgs: (name) => ["validate", name, "--type", "change", ...others],
  };
}
