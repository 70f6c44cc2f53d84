import { eq } from "drizzle-orm";
import { checkSourceConflicts } from "./check-source-conflicts.js";
import { findSource } from "./find-source.js";
import { lookupKey } from "./lookup-key.js";
import { normalizeSourcePath } from "./normalize-source-path.js";
import { ormOf } from "./orm-of.js";
import type { SourceResult, UpdateSourceChanges } from "./registry.js";
import type { RegistryContext } from "./registry-context.js";
import { runInWriteTransaction } from "./run-guarded.js";
import { sources } from "./schema.js";
import { toSource } from "./to-source.js";
import { validateSourceName } from "./validate-source-name.js";
import { validateUnnamedFolder } from "./validate-unnamed-folder.js";

/** Changes a source's path and/or vanity name; its token and creation time stay. */
export function updateSource(
  context: RegistryContext,
  identifier: string,
  changes: UpdateSourceChanges,
): SourceResult {
  const path =
    changes.path === undefined ? undefined : normalizeSourcePath(changes.path, context.paths);
  if (path !== undefined && !path.ok) return path;
  const clearsName = changes.name === null || changes.name === "";
  const name = changes.name ? validateSourceName(changes.name) : undefined;
  if (name !== undefined && !name.ok) return name;
  return runInWriteTransaction(context, (): SourceResult => {
    const found = findSource(context.db, identifier);
    if (!found.ok) return found;
    const current = found.source;
    const nextPath = path?.path ?? current.path;
    const nextName = clearsName ? null : (name?.name ?? current.name);
    if (nextPath === current.path && nextName === current.name) return found;
    const unnamedProblem = nextName === null ? validateUnnamedFolder(nextPath) : undefined;
    if (unnamedProblem !== undefined) return unnamedProblem;
    const conflict = checkSourceConflicts(
      context.db,
      {
        path: nextPath === current.path ? undefined : nextPath,
        name: nextName === current.name || nextName === null ? undefined : nextName,
      },
      current.token,
    );
    if (conflict !== undefined) return conflict;
    const row = ormOf(context.db)
      .update(sources)
      .set({
        path: nextPath,
        name: nextName,
        lookupKey: lookupKey(nextName, nextPath),
        updatedAt: Date.now(),
      })
      .where(eq(sources.token, current.token))
      .returning()
      .get();
    if (row === undefined) throw new Error(`UPDATE ... RETURNING gave no row for ${current.token}`);
    return { ok: true, source: toSource(row) };
  });
}
