import { join } from "node:path";
import type { FoundArtifact } from "./find-artifact.js";
import type { Repository } from "./open-repository.js";
import { readSpecFolderAhead, type SpecScan } from "./scan-specs.js";

/**
 * Reads the `specs/` folder of the change a context lookup found, in batches
 * (a turn of the event loop between them), before its answer is read with
 * the synchronous calls: a change of thousands of delta specs never holds a
 * server's other callers. Anything but a change needs nothing. Answers the
 * scan it made, by folder, for `answerFromScans`.
 */
export async function readChangeSpecsAhead(
  repository: Repository,
  artifact: FoundArtifact,
): Promise<ReadonlyMap<string, SpecScan>> {
  if (artifact.kind !== "change") return new Map();
  const specsDir = join(artifact.change.dir, "specs");
  return new Map([[specsDir, await readSpecFolderAhead(repository, specsDir)]]);
}
