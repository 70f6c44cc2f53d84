import { eq } from "drizzle-orm";
import { findSource } from "./find-source.js";
import { ormOf } from "./orm-of.js";
import type { SourceResult } from "./registry.js";
import type { RegistryContext } from "./registry-context.js";
import { runInWriteTransaction } from "./run-guarded.js";
import { sources } from "./schema.js";

/** Forgets a source (the directory is not touched) and returns what was removed. */
export function removeSource(context: RegistryContext, identifier: string): SourceResult {
  return runInWriteTransaction(context, (): SourceResult => {
    const found = findSource(context.db, identifier);
    if (!found.ok) return found;
    ormOf(context.db).delete(sources).where(eq(sources.token, found.source.token)).run();
    return found;
  });
}
