import { checkSourceConflicts } from "./check-source-conflicts.js";
import { generateToken } from "./generate-token.js";
import { insertSource } from "./insert-source.js";
import { normalizeSourcePath } from "./normalize-source-path.js";
import type { AddSourceInput, SourceResult } from "./registry.js";
import type { RegistryContext } from "./registry-context.js";
import { runInWriteTransaction } from "./run-guarded.js";
import { validateSourceName } from "./validate-source-name.js";
import { validateUnnamedFolder } from "./validate-unnamed-folder.js";

export function addSource(context: RegistryContext, input: AddSourceInput): SourceResult {
  const path = normalizeSourcePath(input.path, context.paths);
  if (!path.ok) return path;
  const name = input.name == null ? undefined : validateSourceName(input.name);
  if (name !== undefined && !name.ok) return name;
  const unnamedProblem = name === undefined ? validateUnnamedFolder(path.path) : undefined;
  if (unnamedProblem !== undefined) return unnamedProblem;
  return runInWriteTransaction(context, (): SourceResult => {
    const conflict = checkSourceConflicts(context.db, { path: path.path, name: name?.name });
    if (conflict !== undefined) return conflict;
    const source = insertSource(context.db, {
      token: generateToken(context.db),
      name: name?.name ?? null,
      path: path.path,
      createdAt: Date.now(),
    });
    return { ok: true, source };
  });
}
