import { join } from "node:path";
import type { FoundArtifact } from "./find-artifact.js";
import type { Repository } from "./open-repository.js";
import { readSpecFolderAhead } from "./scan-specs.js";

/**
 * Reads the `specs/` folder of the change a context lookup found, in batches
 * (a turn of the event loop between them), before its answer is read with
 * the synchronous calls: a change of thousands of delta specs never holds a
 * server's other callers. Anything but a change needs nothing.
 */
export async function readChangeSpecsAhead(
  repository: Repository,
  artifact: FoundArtifact,
): Promise<void> {
  if (artifact.kind !== "change") return;
  await readSpecFolderAhead(repository, join(artifact.change.dir, "specs"));
}
