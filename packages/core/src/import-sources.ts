import { importSources as importIntoRegistry, type SourceToImport } from "@org/openspec-registry";
import type { CatalogContext } from "./catalog-context.js";
import { sourceFailure } from "./resolve-repository.js";
import type { ToolResult } from "./tool-result.js";
import { viewOf } from "./tools/source-tools.js";

/**
 * Registers sources that keep the token, name and creation time another
 * registry gave them (a host reads that registry: the Hermes host reads the
 * earlier Python plugin's). Running it again imports nothing new.
 */
export async function importSources(
  context: CatalogContext,
  sources: readonly SourceToImport[],
): Promise<ToolResult> {
  const registry = context.registry();
  if (!registry.ok) return registry;
  const result = importIntoRegistry(registry.registry, sources);
  if (!result.ok) return sourceFailure(result);
  return {
    ok: true,
    imported: result.imported.map(viewOf),
    skipped: result.skipped.map((entry) => ({ ...entry })),
  };
}
