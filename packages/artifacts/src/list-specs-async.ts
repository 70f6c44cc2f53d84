import type { Failure } from "./failure.js";
import { listSpecs, type SpecList } from "./list-specs.js";
import type { Repository } from "./open-repository.js";
import { readChangeNamesAhead } from "./read-change-names-ahead.js";
import { answerFromScans, readSpecFolderAhead } from "./scan-specs.js";
import { locateSpecs } from "./spec-location.js";

/**
 * `listSpecs` for a server: the specs folder (of the repository, or of the
 * named change) is read first in batches, a turn of the event loop between
 * them, so a folder no overview has read yet never holds the server's other
 * callers, and the listing is answered from that walk; a change that is not
 * there is answered after \`changes/\` was read the same way. The answer is
 * `listSpecs`'s.
 */
export async function listSpecsAsync(
  repository: Repository,
  options: { change?: string | null } = {},
): Promise<SpecList | Failure> {
  if (options.change) await readChangeNamesAhead(repository, options.change);
  const location = locateSpecs(repository, options.change);
  if ("ok" in location) return listSpecs(repository, options);
  const scan = await readSpecFolderAhead(repository, location.specsDir);
  return answerFromScans(new Map([[location.specsDir, scan]]), () =>
    listSpecs(repository, options),
  );
}
