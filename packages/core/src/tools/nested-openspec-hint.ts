import { stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * For a folder without `openspec/` that holds one further down (a monorepo's
 * `services/api/openspec`): where the OpenSpec project is, and to register
 * that folder rather than run `openspec init` at the root, which would start a
 * second project. `openspec_context` answers it as the overview's hint, and
 * `openspec_source_add` as its note. Undefined when the folder has its own
 * `openspec/`, or none below.
 */
export async function nestedOpenSpecHint(folder: string): Promise<string | undefined> {
  const own = await stat(join(folder, "openspec")).catch(() => null);
  if (own !== null) return undefined;
  const { nestedOpenSpecFolders } = await import("../nested-openspec-folders.js");
  const nested = await nestedOpenSpecFolders(folder);
  if (nested.length === 0) return undefined;
  const listed = nested.map((below) => `${below}/openspec`).join(", ");
  return `${folder} has no openspec/ folder; its OpenSpec project is below it (${listed}): register ${join(folder, nested[0] as string)} with {tool:openspec_source_add} to reach it.`;
}
