import { registryContext } from "./create-registry.js";
import type { SkippedSource, SourceToImport } from "./import-source-row.js";
import type { Registry } from "./registry.js";
import type { RegistryFailure } from "./registry-failure.js";
import { runInWriteTransaction } from "./run-guarded.js";
import type { Source } from "./source.js";
import { writeOperations } from "./write-operations-loader.js";

export type SourceImportResult =
  | {
      readonly ok: true;
      readonly imported: readonly Source[];
      readonly skipped: readonly SkippedSource[];
    }
  | RegistryFailure;

/**
 * Registers sources that already have an identity elsewhere (another
 * registry, such as the earlier Python Hermes plugin's), keeping their
 * tokens, names and creation times, so that identifiers people already
 * copied keep resolving. Each row is checked like an `add`; one that cannot
 * be taken is skipped with a code, and running it again imports nothing new.
 * All rows go in one write transaction, in the order given.
 */
export function importSources(
  registry: Registry,
  rows: readonly SourceToImport[],
): SourceImportResult {
  const context = registryContext(registry);
  // Loaded before the lock is taken, so the first write's load never holds it.
  const { importSourceRow } = writeOperations();
  return runInWriteTransaction(context, (): SourceImportResult => {
    const imported: Source[] = [];
    const skipped: SkippedSource[] = [];
    for (const row of rows) {
      const outcome = importSourceRow(context, row);
      if ("code" in outcome) skipped.push(outcome);
      else imported.push(outcome);
    }
    return { ok: true, imported, skipped };
  });
}
