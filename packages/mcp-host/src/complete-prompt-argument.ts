import type { CompleteResult } from "@modelcontextprotocol/server";
import type { Catalog, SourceListSuccess } from "@org/openspec-core";
import { completionValues } from "./completion-values.js";
import { readOverview } from "./read-overview.js";

/**
 * Completes a workflow prompt's `source` (registered source names) or
 * `change` (active changes of the given source, or of the only one). Both
 * come from the catalog's own tools, so completion sees what a tool call
 * would; any other argument, or a failure, completes to nothing.
 */
export async function completePromptArgument(
  catalog: Catalog,
  argument: { name: string; value: string },
  given: Readonly<Record<string, string>>,
): Promise<CompleteResult> {
  if (argument.name === "source")
    return completionValues(await sourceNames(catalog), argument.value);
  if (argument.name === "change") {
    const source = given.source?.trim() || (await onlySource(catalog));
    if (source === undefined) return completionValues([], argument.value);
    const overview = await readOverview(catalog, source, argument.value);
    const changes = overview?.changes.map((change) => change.name) ?? [];
    return completionValues(changes, argument.value);
  }
  return completionValues([], argument.value);
}

async function sourceNames(catalog: Catalog): Promise<string[]> {
  const result = await catalog.call("openspec_source_list", {});
  if (!result.ok) return [];
  return (result as SourceListSuccess).sources.map((source) => source.display_name);
}

async function onlySource(catalog: Catalog): Promise<string | undefined> {
  const names = await sourceNames(catalog);
  return names.length === 1 ? names[0] : undefined;
}
