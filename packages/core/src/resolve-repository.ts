import { openRepository, type Repository } from "@org/openspec-artifacts";
import type { CatalogContext } from "./catalog-context.js";
import { resolveSource } from "./resolve-source.js";
import { type ToolFailure, toolFailure } from "./tool-result.js";

/** How a repository-scoped call names its repository (`repositoryTargetFields`). */
export type RepositoryTarget = { source?: string | undefined; workdir?: string | undefined };

/** The repository a call works on, and the source it was named by, if any. */
export type ResolvedRepository = {
  ok: true;
  repository: Repository;
  source: { name: string; token: string } | null;
};

/**
 * Picks the repository for a repository-scoped tool: a `source` first
 * (registered, or one of the catalog's process sources), else an absolute
 * `workdir`, else the host's default workdir.
 */
export async function resolveRepository(
  context: CatalogContext,
  target: RepositoryTarget,
): Promise<ResolvedRepository | ToolFailure> {
  if (target.source !== undefined) {
    const resolved = await resolveSource(context, target.source);
    if (!resolved.ok) return resolved;
    // A registered source is its own root; only a workdir may search upward, as the CLI does.
    const opened = openRepository(resolved.source.path, { searchUpward: false });
    if (!opened.ok) {
      return toolFailure(
        "invalid_workdir",
        `The folder of source "${resolved.source.displayName}" (${resolved.source.path}) is gone or not a directory.`,
        resolved.source.registered
          ? "Point the source at its new folder with {tool:openspec_source_update}, or remove it with {tool:openspec_source_remove}."
          : "Restore the folder, or start the host in the repository's new folder.",
      );
    }
    return {
      ok: true,
      repository: opened.repository,
      source: { name: resolved.source.displayName, token: resolved.source.token },
    };
  }
  const workdir = target.workdir ?? context.defaultWorkdir;
  if (workdir === undefined) {
    return toolFailure(
      "missing_target",
      "The call names no repository.",
      "Pass {field:source} (a registered name or token) or {field:workdir} (an absolute path).",
    );
  }
  const opened = openRepository(workdir);
  if (!opened.ok) return toolFailure(opened.code, opened.error, opened.fix);
  return { ok: true, repository: opened.repository, source: null };
}
