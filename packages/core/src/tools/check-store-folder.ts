import { statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { isDirectory } from "@org/openspec-artifacts";
import type { StoreSkipReason } from "./source-import-output.js";

/**
 * Why a store's folder cannot become a source, or null when it can. The CLI
 * lists whatever its registry file holds, so a hand-edited entry may be
 * relative (it would resolve against the host's own folder) or point at a file.
 * The detail names the CLI's commands through `{openspec}`, which the import
 * words for the host that asked.
 */
export function checkStoreFolder(
  id: string,
  root: string,
): { reason: StoreSkipReason; detail: string } | null {
  const reregister = `{openspec} store unregister ${id}, then {openspec} store register <folder> --id ${id}`;
  if (!isAbsolute(root) || root.includes("\0")) {
    return {
      reason: "invalid_path",
      detail: `The CLI's store registry holds ${JSON.stringify(root)}, not an absolute path; fix it with: ${reregister}.`,
    };
  }
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(root);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    return {
      reason: "path_missing",
      detail: `The store's folder ${root} cannot be found (${code}); restore or clone it there, or forget the store with: {openspec} store unregister ${id}.`,
    };
  }
  if (!stat.isDirectory()) {
    return {
      reason: "not_a_directory",
      detail: `The store's path ${root} is not a folder; fix it with: ${reregister}.`,
    };
  }
  if (!isDirectory(join(root, "openspec"))) {
    return {
      reason: "no_openspec_folder",
      detail: `The store's folder ${root} has no openspec/ folder; run {openspec} store doctor ${id} to see what is wrong.`,
    };
  }
  return null;
}
