import { findSource } from "./find-source.js";
import type { SourceResult } from "./registry.js";
import type { RegistryContext } from "./registry-context.js";
import { runInWriteTransaction } from "./run-guarded.js";

/** Forgets a source (the directory is not touched) and returns what was removed. */
export function removeSource(context: RegistryContext, identifier: string): SourceResult {
  return runInWriteTransaction(context, (): SourceResult => {
    const found = findSource(context.db, identifier);
    if (!found.ok) return found;
    context.db.prepare("DELETE FROM sources WHERE token = ?").run(found.source.token);
    return found;
  });
}
