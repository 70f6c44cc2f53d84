import { eq } from "drizzle-orm";
import { checkSourceConflicts } from "./check-source-conflicts.js";
import { insertSource } from "./insert-source.js";
import { normalizeSourcePath } from "./normalize-source-path.js";
import { ormOf } from "./orm-of.js";
import type { RegistryContext } from "./registry-context.js";
import type { RegistryFailure } from "./registry-failure.js";
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

/** A row that passed the checks that need no database: where it goes and what it is called. */
export interface CheckedImportRow {
  readonly path: string;
  readonly name: string | null;
  readonly createdAt: number;
}

/**
 * The checks of an imported row that need no database, in the order a skip
 * reports them: the token's shape, the token already here (`tokenHolderPath`,
 * the path of the source that holds it, looked up by the caller), the path,
 * the name. Shared by the SQLite and PostgreSQL registries.
 */
export function checkImportRow(
  row: SourceToImport,
  home: string,
  tokenHolderPath: string | undefined,
): CheckedImportRow | SkippedSource {
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
  const path = normalizeSourcePath(row.path, { home });
  if (tokenHolderPath !== undefined) {
    return path.ok && tokenHolderPath === path.path
      ? skip("already_imported", `Source ${row.token} is already in the registry.`)
      : skip(
          "duplicate_source_token",
          `Token ${row.token} already belongs to the source at ${tokenHolderPath}.`,
        );
  }
  if (!path.ok) return skip("invalid_path", path.error);
  const name = row.name === null || row.name === "" ? undefined : validateSourceName(row.name);
  if (name !== undefined && !name.ok) return skip("invalid_name", name.error);
  const unnamedProblem = name === undefined ? validateUnnamedFolder(path.path) : undefined;
  if (unnamedProblem !== undefined) return skip("invalid_name", unnamedProblem.error);
  const createdAt = Math.round(row.createdAt);
  return {
    path: path.path,
    name: name?.name ?? null,
    createdAt: Number.isNaN(new Date(createdAt).getTime()) ? Date.now() : createdAt,
  };
}

/** A conflict found for an imported row, as the skip it becomes. */
export function conflictSkip(row: SourceToImport, conflict: RegistryFailure): SkippedSource {
  const code = conflict.code === "duplicate_source_path" ? conflict.code : "duplicate_source_name";
  return { token: row.token, path: row.path, code, reason: conflict.error };
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
  const holder = ormOf(context.db)
    .select({ path: sources.path })
    .from(sources)
    .where(eq(sources.token, row.token))
    .get();
  const checked = checkImportRow(row, context.paths.home, holder?.path);
  if ("code" in checked) return checked;
  const conflict = checkSourceConflicts(context.db, {
    path: checked.path,
    name: checked.name ?? undefined,
  });
  if (conflict !== undefined) return conflictSkip(row, conflict);
  return insertSource(context.db, { token: row.token, ...checked });
}
