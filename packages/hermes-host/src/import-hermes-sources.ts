import { isAbsolute } from "node:path";
import type { Catalog, ToolResult } from "@org/openspec-core";

/** Why the earlier plugin's database could not be imported at all. */
export type HermesImportFailure = {
  ok: false;
  code: "hermes_db_unreadable" | "invalid_path";
  /** One sentence that says what went wrong. */
  error: string;
  /** What to do about it. */
  fix: string;
};

/**
 * Imports the sources of the earlier Python Hermes plugin
 * (hermes-openspec's `<HERMES_HOME>/openspec.db`) into the catalog's
 * registry, keeping their tokens, names and creation times, so identifiers
 * people already copied keep resolving, and the order and dependencies it
 * kept for their changes, written into each change's `.openspec.yaml`
 * (`sequences`). Reading that file is the Hermes host's part; the catalog
 * checks and writes (`importSources`, `importSequences`). Running it again
 * imports nothing new.
 */
export async function importHermesSources(
  catalog: Pick<Catalog, "importSources" | "importSequences">,
  hermesDbPath: string,
): Promise<ToolResult | HermesImportFailure> {
  if (!isAbsolute(hermesDbPath)) {
    return {
      ok: false,
      code: "invalid_path",
      error: `The path "${hermesDbPath}" is not absolute.`,
      fix: "Pass the absolute path of openspec.db.",
    };
  }
  // better-sqlite3 loads only for this command, not for the installer's.
  const { readHermesSources } = await import("./read-hermes-sources.js");
  const sources = readHermesSources(hermesDbPath);
  if (!Array.isArray(sources)) return sources;
  const imported = await catalog.importSources(sources);
  if (!imported.ok) return imported;
  const { readHermesSequences } = await import("./read-hermes-sequences.js");
  const rows = readHermesSequences(hermesDbPath);
  const sequences = rows.ok ? await catalog.importSequences(rows.rows) : undefined;
  return { ...imported, sequences: sequences?.ok ? sequences.sequences : [] };
}
