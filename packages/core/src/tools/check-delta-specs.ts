import { lstatSync, realpathSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * Whether a change's delta specs let it be archived as `openspec validate`
 * sees it, checked before the CLI runs (`openspec archive` skips validation
 * when a change has no delta spec, and would archive one that `validate`
 * rejects): a `specs/` folder that is a symlink leading out of the
 * repository is refused, as everywhere else; a change with no delta spec
 * whose `.openspec.yaml` does not set `skip_specs` is `no_delta_specs`.
 * Null when the change may go on.
 */
export async function checkDeltaSpecs(
  repository: Repository,
  change: string,
): Promise<ToolFailure | null> {
  const { listDeltaSpecIds, readRepositoryText, skipsSpecs } = await import(
    "@org/openspec-artifacts"
  );
  const changeDir = join(repository.openspecDir, "changes", change);
  const specsDir = join(changeDir, "specs");
  if (leadsOutside(repository, specsDir)) {
    return toolFailure(
      "path_outside_repository",
      `${relative(repository.root, specsDir)} is a symlink that leads outside the repository.`,
      "Replace the symlink with the folder or file itself.",
    );
  }
  if ((await listDeltaSpecIds(changeDir)).length > 0) return null;
  const metadata = readRepositoryText(join(changeDir, ".openspec.yaml"), repository);
  if (metadata !== null && skipsSpecs(metadata)) return null;
  return toolFailure(
    "no_delta_specs",
    `"${change}" has no delta spec, so openspec validate rejects it; archived, it would change no spec.`,
    `Add its delta specs under openspec/changes/${change}/specs/, or pass {field:skip_specs=true} if it changes no spec-level behaviour, or {field:force=true} to archive it anyway.`,
  );
}

function leadsOutside(repository: Repository, path: string): boolean {
  try {
    if (!lstatSync(path).isSymbolicLink()) return false;
    const target = realpathSync(path);
    const root = realpathSync(repository.root);
    return target !== root && !target.startsWith(`${root}${sep}`);
  } catch {
    // A dangling link leads nowhere the CLI could read: the CLI reports it.
    return false;
  }
}
