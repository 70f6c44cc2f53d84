import { join } from "node:path";
import { openRepository } from "./open-repository.js";
import { readRepositoryTokensAhead } from "./repository-tokens.js";
import { readChangeFoldersAhead, scanChangeFoldersAhead } from "./scan-changes.js";
import { readIdeasAhead } from "./scan-ideas.js";
import { readSpecFolderAhead, type SpecScan } from "./scan-specs.js";

/**
 * Reads the folders a repository's overview and token lookups list
 * (`changes/`, `changes/archive/`, every folder of the spec walk and
 * `ideas/`) without holding the event loop, so the synchronous reads of
 * `describeRepository` and `findArtifact` that follow cost one stat per
 * folder (and the changes' proposals are looked for ahead too, a turn of the
 * event loop every 256). A server awaits it first: the first overview of a repository of
 * 200,000 changes then costs its caller time, never its other callers.
 * With `overview: false` (a lookup by token or name, which checks only the
 * changes it names for a proposal) the change folders are listed, not
 * looked into: a lookup in 10,000 changes never stats 10,000 proposals.
 * Answers the spec scan it made, by folder: the synchronous reads run inside
 * `answerFromScans` with it walk no spec folder again.
 */
export async function readListingsAhead(
  root: string,
  { overview = true }: { overview?: boolean } = {},
): Promise<ReadonlyMap<string, SpecScan>> {
  // A source is its own root, as `resolveContext` opens it.
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) return new Map();
  const repository = opened.repository;
  if (overview) await scanChangeFoldersAhead(repository);
  else {
    await readChangeFoldersAhead(repository, false);
    await readChangeFoldersAhead(repository, true);
  }
  const specsDir = join(repository.openspecDir, "specs");
  const specScan = await readSpecFolderAhead(repository, specsDir);
  await readIdeasAhead(repository);
  // The token table every answer's tokens come from, hashed a few thousand artifacts a turn.
  await readRepositoryTokensAhead(repository, specScan.specs);
  return new Map([[specsDir, specScan]]);
}
