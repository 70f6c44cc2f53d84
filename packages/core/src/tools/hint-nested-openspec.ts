import { stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * The workdir hint of a source overview whose folder has no `openspec/` but
 * holds one further down (a monorepo's `services/api/openspec`): where the
 * OpenSpec project is and to register that folder, rather than to run
 * `openspec init` at the root, which would start a second project. The
 * hint as it was otherwise.
 */
export async function hintNestedOpenSpec<Overview extends { path: string; hint: string }>(
  overview: Overview,
): Promise<Overview> {
  const own = await stat(join(overview.path, "openspec")).catch(() => null);
  if (own !== null) return overview;
  const { nestedOpenSpecFolders } = await import("../nested-openspec-folders.js");
  const nested = await nestedOpenSpecFolders(overview.path);
  if (nested.length === 0) return overview;
  const listed = nested.map((folder) => `${folder}/openspec`).join(", ");
  return {
    ...overview,
    hint: `${overview.path} has no openspec/ folder; its OpenSpec project is below it (${listed}): register ${join(overview.path, nested[0] as string)} with {tool:openspec_source_add} to reach it.`,
  };
}
