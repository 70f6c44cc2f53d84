import { join } from "node:path";
import { checkSpecId } from "./check-name.js";
import type { Failure } from "./failure.js";
import { isFile } from "./is-file.js";
import type { Repository } from "./open-repository.js";
import { readChangeNamesAhead } from "./read-change-names-ahead.js";
import { answerFromScans, readSpecFolderAhead, type SpecScan } from "./scan-specs.js";
import { type ShownSpec, showSpec } from "./show-spec.js";
import { locateSpecs } from "./spec-location.js";

/**
 * `showSpec` for a server. A spec that is there costs what `showSpec` costs;
 * one that is not is answered with the specs the folder holds, so that
 * folder is read first in batches, a turn of the event loop between them,
 * and a folder no overview has read yet never holds the server's other
 * callers; so is \`changes/\` for a change that is not there. The answer is
 * \`showSpec\`'s.
 */
export async function showSpecAsync(
  repository: Repository,
  options: { name: string; change?: string | null; maxBytes?: number },
): Promise<ShownSpec | Failure> {
  const scans = new Map<string, SpecScan>();
  if (checkSpecId(options.name) === null) {
    if (options.change) await readChangeNamesAhead(repository, options.change);
    const location = locateSpecs(repository, options.change);
    if (!("ok" in location) && !isFile(join(location.specsDir, options.name, "spec.md"))) {
      scans.set(location.specsDir, await readSpecFolderAhead(repository, location.specsDir));
    }
  }
  return answerFromScans(scans, () => showSpec(repository, options));
}
