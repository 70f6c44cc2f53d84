import { registryContext } from "./create-registry.js";
import type { SkippedHermesSource } from "./import-hermes-row.js";
import { readHermesSources } from "./read-hermes-sources.js";
import type { Registry } from "./registry.js";
import type { RegistryFailure } from "./registry-failure.js";
import { runInWriteTransaction } from "./run-guarded.js";
import type { Source } from "./source.js";
import { writeOperations } from "./write-operations-loader.js";

export type HermesImportResult =
  | {
      readonly ok: true;
      readonly imported: readonly Source[];
      readonly skipped: readonly SkippedHermesSource[];
    }
  | RegistryFailure;

/**
 * Copies the sources of the Python Hermes plugin (`<HERMES_HOME>/openspec.db`)
 * into the registry, keeping their tokens, names and creation times so that
 * identifiers people already copied keep resolving. Running it again imports
 * nothing new. All rows go in one write transaction; the Hermes file is only read.
 */
export function importFromHermesOpenspecDb(
  registry: Registry,
  hermesDbPath: string,
): HermesImportResult {
  const context = registryContext(registry);
  const hermes = readHermesSources(hermesDbPath);
  if (!hermes.ok) return hermes;
  return runInWriteTransaction(context, (): HermesImportResult => {
    const imported: Source[] = [];
    const skipped: SkippedHermesSource[] = [];
    for (const row of hermes.rows) {
      const outcome = writeOperations().importHermesRow(context, row);
      if ("code" in outcome) skipped.push(outcome);
      else imported.push(outcome);
    }
    return { ok: true, imported, skipped };
  });
}
