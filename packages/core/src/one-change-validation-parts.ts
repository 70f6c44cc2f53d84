import { join } from "node:path";
import { changeValidationRest } from "./change-validation-rest.js";
import type { FolderParts } from "./fingerprint-folders.js";

// A change name as the catalog passes it: one folder name, no dot first.
const PLAIN_NAME = /^[^./\\][^/\\]*$/;

/**
 * What `openspec validate <change> --type change` reads of `openspecFolder`,
 * when that is less than all of it: the change's own folder, the main specs
 * its deltas are checked against, the project's config and schemas, and
 * the listing of `changes/` (its own stat); never the other changes. So a
 * one-change validation's answer stays cached while other changes are
 * written, and checking it costs a walk of the change and the specs, not of
 * thousands of changes. Undefined (walk everything) for any other command,
 * and when a schema of the project or the user's data folder (`dataFolder`)
 * may track task files outside the change.
 */
export function oneChangeValidationParts(
  args: readonly string[],
  openspecFolder: string,
  dataFolder: string,
): FolderParts | undefined {
  const [command, item, ...flags] = args;
  if (command !== "validate" || item === undefined || !PLAIN_NAME.test(item)) return undefined;
  const type = flags.indexOf("--type");
  if (type < 0 || flags[type + 1] !== "change" || flags.includes("--store")) return undefined;
  if (flags.some((flag) => flag === "--all" || flag === "--changes" || flag === "--specs")) {
    return undefined;
  }
  const rest = changeValidationRest(openspecFolder, dataFolder);
  if (rest === undefined) return undefined;
  return {
    walked: [join(openspecFolder, "changes", item), ...rest.walked],
    statted: rest.statted,
  };
}
