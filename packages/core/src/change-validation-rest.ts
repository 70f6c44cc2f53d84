import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FolderParts } from "./fingerprint-folders.js";

/**
 * What a change's validation reads besides the change's own folder: the main specs its deltas
 * are checked against, the project's config and schemas, the store marker, and the listing of
 * `changes/` (its own stat, which moves when a change is added, removed or renamed). Undefined
 * when a schema of the project or the user's data folder (`dataFolder`) may track task files
 * outside the change, so that nothing less than the whole `openspec/` folder will do.
 */
export function changeValidationRest(
  openspecFolder: string,
  dataFolder: string,
): FolderParts | undefined {
  if (existsSync(join(openspecFolder, "schemas")) || existsSync(join(dataFolder, "schemas"))) {
    return undefined;
  }
  const changes = join(openspecFolder, "changes");
  return {
    walked: [
      join(changes, ".openspec-store"),
      join(openspecFolder, "specs"),
      join(openspecFolder, "schemas"),
      join(openspecFolder, "config.yaml"),
      join(openspecFolder, "config.yml"),
    ],
    statted: [changes],
  };
}
