import { lstatSync, readlinkSync } from "node:fs";

/** The folders a dynamically linked program needs from the host, besides its own files. */
const SYSTEM_FOLDERS = ["/usr", "/bin", "/lib", "/lib64", "/sbin"] as const;

/**
 * bwrap options that show the host's system folders read-only, as the host
 * has them: on a merged-/usr system `/bin` and friends are links into `/usr`
 * and are recreated as the same links; elsewhere they are bound as folders.
 * A folder the host lacks is left out.
 */
export function systemFolderOptions(): string[] {
  const options: string[] = [];
  for (const folder of SYSTEM_FOLDERS) {
    const stats = lstatSync(folder, { throwIfNoEntry: false });
    if (stats === undefined) continue;
    if (stats.isSymbolicLink()) options.push("--symlink", readlinkSync(folder), folder);
    else if (stats.isDirectory()) options.push("--ro-bind", folder, folder);
  }
  return options;
}
