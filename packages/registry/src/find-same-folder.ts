import { realpathSync } from "node:fs";
import type { RegistryDatabase } from "./registry-database.js";
import type { SourceRow } from "./schema.js";
import type { Source } from "./source.js";
import { SOURCE_ROW } from "./source-columns.js";
import { toSource } from "./to-source.js";

/**
 * The registered source whose folder is the same directory as `path` under
 * another spelling (through a symlink, or a symlink to it), if any. Paths are
 * stored as given, so this compares real paths; a folder that is gone
 * compares by its stored path.
 */
export function findSameFolder(
  db: RegistryDatabase,
  path: string,
  exceptToken?: string,
): Source | undefined {
  const real = realPathOf(path);
  // `token IS NOT NULL` holds for every row: without a token to except, all are compared.
  const rows = db
    .prepare<[string | null], SourceRow>(`SELECT ${SOURCE_ROW} FROM sources WHERE token IS NOT ?`)
    .all(exceptToken ?? null);
  const owner = rows.find((row) => realPathOf(row.path) === real);
  return owner === undefined ? undefined : toSource(owner);
}

function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    // Gone or unreadable: the stored spelling is all there is to compare.
    return path;
  }
}
