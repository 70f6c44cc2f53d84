import { ne } from "drizzle-orm";
import { ormOf } from "./orm-of.js";
import { realPathOf } from "./real-path-of.js";
import type { RegistryDatabase } from "./registry-database.js";
import { sources } from "./schema.js";
import type { Source } from "./source.js";
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
  const rows = ormOf(db)
    .select()
    .from(sources)
    .where(exceptToken === undefined ? undefined : ne(sources.token, exceptToken))
    .all();
  const owner = rows.find((row) => realPathOf(row.path) === real);
  return owner === undefined ? undefined : toSource(owner);
}
