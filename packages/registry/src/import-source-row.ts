import { eq } from "drizzle-orm";
import { checkSourceConflicts } from "./check-source-conflicts.js";
import { insertSource } from "./insert-source.js";
import { normalizeSourcePath } from "./normalize-source-path.js";
import { ormOf } from "./orm-of.js";
import type { RegistryContext } from "./registry-context.js";
import { sources } from "./schema.js";
import type { Source } from "./source.js";
import { validateSourceName } from "./validate-source-name.js";
import { validateUnnamedFolder } from "./validate-unnamed-folder.js";

/** A source as another registry holds it. */
export interface SourceToImport {
  /** `os_` plus 6 lowercase hex digits. */
  readonly token: string;
  /** The vanity name, or null. */
  readonly name: string | null;
  /** An absolute path (`~` is expanded); the folder must exist. */
  readonly path: string;
  /** Unix milliseconds; an invalid time becomes the time of the import. */
  readonly createdAt: number;
}

/** Why a source was not imported. */
export type ImportSkipCode =
  | "already_imported"
  | "duplicate_source_token"
  | "duplicate_source_path"
  | "duplicate_source_name"
  | "invalid_token"
  | "invalid_path"
  | "invalid_name";

export interface SkippedSource {
  readonly token: string;
  /** The path as given. */
  readonly path: string;
  readonly code: ImportSkipCode;
  /** One sentence saying why. */
  readonly reason: string;
}

/**
 * Inserts one source with its token, name and creation time, or says why
 * not. Runs inside the import's write transaction, so rows imported earlier
 * in the same run count as existing.
 */
export function importSourceRow(
  context: RegistryContext,
  row: SourceToImport,
): Source | SkippedSource {
  const skip = (code: ImportSkipCode, reason: string): SkippedSource => ({
    token: row.token,
    path: row.path,
    code,
    reason,
  });
  if (!/^os_[0-9a-f]{6}$/.test(row.token)) {
    return skip(
      "invalid_token",
      `Token ${JSON.stringify(row.token)} is not os_ plus 6 hex digits.`,
    );
  }
  const path = normalizeSourcePath(row.path, { home: context.paths.home });
  const sameToken = ormOf(context.db)
    .select({ path: sources.path })
    .from(sources)
    .where(eq(sources.token, row.token))
    .get();
  if (sameToken !== undefined) {
    return path.ok && sameToken.path === path.path
      ? skip("already_imported", `Source ${row.token} is already in the registry.`)
      : skip(
          "duplicate_source_token",
          `Token ${row.token} already belongs to the source at ${sameToken.path}.`,
        );
  }
  if (!path.ok) return skip("invalid_path", path.error);
  const name = row.name === null || row.name === "" ? undefined : validateSourceName(row.name);
  if (name !== undefined && !name.ok) return skip("invalid_name", name.error);
  const unnamedProblem = name === undefined ? validateUnnamedFolder(path.path) : undefined;
  if (unnamedProblem !== undefined) return skip("invalid_name", unnamedProblem.error);
  const conflict = checkSourceConflicts(context.db, { path: path.path, name: name?.name });
  if (conflict !== undefined) {
    const code =
      conflict.code === "duplicate_source_path" ? conflict.code : "duplicate_source_name";
    return skip(code, conflict.error);
  }
  const createdAt = Math.round(row.createdAt);
  return insertSource(context.db, {
    token: row.token,
    name: name?.name ?? null,
    path: path.path,
    createdAt: Number.isNaN(new Date(createdAt).getTime()) ? Date.now() : createdAt,
  });
}
