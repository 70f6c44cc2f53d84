import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { findSameFolder } from "./find-same-folder.js";
import { foldName } from "./lookup-key.js";
import { ormOf } from "./orm-of.js";
import type { RegistryDatabase } from "./registry-database.js";
import type { RegistryFailure } from "./registry-failure.js";
import { sources } from "./schema.js";
import { nameTaken, pathTaken, sameFolderTaken } from "./source-conflict-failures.js";
import { toSource } from "./to-source.js";

export interface SourceClaim {
  /** A path the source is about to take, if it changes. */
  readonly path?: string;
  /** A vanity name the source is about to take, if it changes to a non-null name. */
  readonly name?: string;
}

/**
 * Finds what stands in the way of a source taking a path or vanity name.
 * A path must not be another source's folder, also not through a symlink.
 * A vanity name must differ, ignoring case, from every other vanity name and
 * from the basename of every source without one: otherwise the name would
 * silently redirect an identifier that already resolves to another source.
 */
export function checkSourceConflicts(
  db: RegistryDatabase,
  claim: SourceClaim,
  exceptToken?: string,
): RegistryFailure | undefined {
  const others = exceptToken === undefined ? undefined : ne(sources.token, exceptToken);
  if (claim.path !== undefined) {
    const owner = ormOf(db)
      .select()
      .from(sources)
      .where(and(eq(sources.path, claim.path), others))
      .get();
    if (owner !== undefined) return pathTaken(toSource(owner));
    const sameFolder = findSameFolder(db, claim.path, exceptToken);
    if (sameFolder !== undefined) return sameFolderTaken(claim.path, sameFolder);
  }
  if (claim.name === undefined) return undefined;
  // A vanity name first: it is the holder the error should name.
  const holder = ormOf(db)
    .select()
    .from(sources)
    .where(and(eq(sources.lookupKey, foldName(claim.name)), others))
    .orderBy(isNull(sources.name), asc(sources.id))
    .get();
  return holder === undefined ? undefined : nameTaken(claim.name, toSource(holder));
}
