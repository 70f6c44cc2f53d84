import type { SourceToImport } from "@org/openspec-registry";
import type { CatalogContext } from "./catalog-context.js";
import type { ImportedSequence, SequenceToImport } from "./sequence/import-hermes-sequences.js";
import { sourceFailure } from "./source-failure.js";
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
  const registry = await context.registry();
  if (!registry.ok) return registry;
  const result = await registry.registry.importSources(sources);
  if (!result.ok) return sourceFailure(result);
  return {
    ok: true,
    imported: result.imported.map(viewOf),
    skipped: result.skipped.map((entry) => ({ ...entry })),
  };
}

/**
 * Writes the order and dependencies another registry kept for changes (the
 * Hermes host reads the earlier Python plugin's) into each change's
 * `.openspec.yaml` of the registered source with that token, through the
 * writer of `openspec_change_sequence_set`. Running it again writes nothing.
 */
export async function importSequences(
  context: CatalogContext,
  rows: readonly SequenceToImport[],
): Promise<{ ok: true; sequences: ImportedSequence[] } | ToolResult> {
  const registry = await context.registry();
  if (!registry.ok) return registry;
  const listed = await registry.registry.list();
  if (!listed.ok) return sourceFailure(listed);
  const { importHermesSequences } = await import("./sequence/import-hermes-sequences.js");
  const sources = listed.sources.map((source) => ({
    token: source.token,
    name: source.displayName,
    path: source.path,
  }));
  return { ok: true, sequences: await importHermesSequences(rows, sources) };
}
