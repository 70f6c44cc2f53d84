import { isAbsolute } from "node:path";
import { importFromHermesOpenspecDb, readHermesSequences } from "@org/openspec-registry";
import type { CatalogContext } from "./catalog-context.js";
import { sourceFailure } from "./resolve-repository.js";
import { type ToolResult, toolFailure } from "./tool-result.js";
import { viewOf } from "./tools/source-tools.js";

/**
 * Imports the sources of the earlier Python Hermes plugin (`<HERMES_HOME>/openspec.db`),
 * keeping their tokens, names and creation times, and the order and dependencies
 * it kept for their changes, written into each change's `.openspec.yaml`
 * (`sequences`). Running it again imports nothing new.
 */
export async function importHermesSources(
  context: CatalogContext,
  hermesDbPath: string,
): Promise<ToolResult> {
  if (!isAbsolute(hermesDbPath)) {
    return toolFailure(
      "invalid_path",
      `The path "${hermesDbPath}" is not absolute.`,
      "Pass the absolute path of openspec.db.",
    );
  }
  const registry = context.registry();
  if (!registry.ok) return registry;
  const result = importFromHermesOpenspecDb(registry.registry, hermesDbPath);
  if (!result.ok) return sourceFailure(result);
  const sequences = readHermesSequences(hermesDbPath);
  const listed = registry.registry.list();
  const { importHermesSequences } = await import("./sequence/import-hermes-sequences.js");
  return {
    ok: true,
    imported: result.imported.map(viewOf),
    skipped: result.skipped.map((entry) => ({ ...entry })),
    sequences:
      sequences.ok && listed.ok
        ? await importHermesSequences(
            sequences.rows,
            listed.sources.map((source) => ({
              token: source.token,
              name: source.displayName,
              path: source.path,
            })),
          )
        : [],
  };
}
