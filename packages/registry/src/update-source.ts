import { eq } from "drizzle-orm";
import { checkSourceChanges } from "./check-source-changes.js";
import { checkSourceConflicts } from "./check-source-conflicts.js";
import { findSource } from "./find-source.js";
import { lookupKey } from "./lookup-key.js";
import { ormOf } from "./orm-of.js";
import { planSourceUpdate } from "./plan-source-update.js";
import type { SourceResult, UpdateSourceChanges } from "./registry.js";
import type { RegistryContext } from "./registry-context.js";
import { runInWriteTransaction } from "./run-guarded.js";
import { sources } from "./schema.js";
import { toSource } from "./to-source.js";

/** Changes a source's path and/or vanity name; its token and creation time stay. */
export function updateSource(
  context: RegistryContext,
  identifier: string,
  changes: UpdateSourceChanges,
): SourceResult {
  const checked = checkSourceChanges(changes, context.paths);
  if (!checked.ok) return checked;
  return runInWriteTransaction(context, (): SourceResult => {
    const found = findSource(context.db, identifier);
    if (!found.ok) return found;
    const plan = planSourceUpdate(found.source, checked);
    if ("ok" in plan) return plan;
    if (plan.unchanged) return found;
    const conflict = checkSourceConflicts(context.db, plan.claim, found.source.token);
    if (conflict !== undefined) return conflict;
    const row = ormOf(context.db)
      .update(sources)
      .set({
        path: plan.path,
        name: plan.name,
        lookupKey: lookupKey(plan.name, plan.path),
        updatedAt: Date.now(),
      })
      .where(eq(sources.token, found.source.token))
      .returning()
      .get();
    if (row === undefined)
      throw new Error(`UPDATE ... RETURNING gave no row for ${found.source.token}`);
    return { ok: true, source: toSource(row) };
  });
}
