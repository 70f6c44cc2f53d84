import { join } from "node:path";
import { checkWritableInside, type Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { findLinkOutUnder } from "./find-link-out-under.js";

/** Which of the repository's folders a whole-repository CLI read (a listing, `validate --all`) goes through. */
export type RepositoryReadScope = { specs: boolean; changes: boolean };

/**
 * Refuses, naming it, the first symlink a whole-repository CLI read would follow out of the
 * repository: `openspec/specs` or `openspec/changes` itself (the CLI reads
 * whatever they lead to), or a spec folder or `spec.md` below `openspec/specs`
 * (the CLI fails the whole listing on such a `spec.md`). The typed tools
 * check a named item with `findLinkOut`; this is the same check for reads of
 * every item. The specs are walked once with lstat; changes are not walked
 * (the CLI leaves a change folder that is a symlink out, and refuses a
 * delta spec that leads out, by itself), so 2,000 changes cost nothing.
 */
export async function findRepositoryLinkOut(
  repository: Repository,
  scope: RepositoryReadScope,
): Promise<ToolFailure | null> {
  const specs = join(repository.openspecDir, "specs");
  const folders = [
    ...(scope.specs ? [specs] : []),
    ...(scope.changes ? [join(repository.openspecDir, "changes")] : []),
  ];
  for (const folder of folders) {
    const escaping = checkWritableInside(
      repository,
      folder,
      (link) => `Replace the symlink ${link} with a real folder inside the repository.`,
    );
    if (escaping) return toolFailure(escaping.code, escaping.error, escaping.fix);
  }
  if (!scope.specs) return null;
  return findLinkOutUnder(
    repository,
    specs,
    (link) => `Replace the symlink ${link} with the spec itself, or remove it.`,
  );
}
