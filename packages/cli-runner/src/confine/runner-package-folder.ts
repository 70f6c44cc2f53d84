import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/**
 * The folder of the package (or app bundle) this runner is installed in: the
 * nearest folder above this module with a package.json. A warm worker runs
 * this package's worker script, which imports its siblings and resolves the
 * CLI through this package's own dependencies, so a confined worker sees it.
 */
export function runnerPackageFolder(): string {
  if (cached !== undefined) return cached;
  const here = dirname(fileURLToPath(import.meta.url));
  let folder = here;
  while (!statSync(join(folder, "package.json"), { throwIfNoEntry: false })?.isFile()) {
    if (dirname(folder) === folder) {
      folder = here;
      break;
    }
    folder = dirname(folder);
  }
  cached = folder;
  return folder;
}
