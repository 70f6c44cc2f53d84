import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { findSameFolder } from "./find-same-folder.js";
import { foldName } from "./lookup-key.js";
import { ormOf } from "./orm-of.js";
import type { RegistryDatabase } from "./registry-database.js";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";
import { sources } from "./schema.js";
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
    if (owner !== undefined) {
      const source = toSource(owner);
      return registryFailure(
        "duplicate_source_path",
        `Path ${source.path} is already registered as ${source.displayName} (${source.token}); use that source or remove it first.`,
        [source],
      );
    }
    const sameFolder = findSameFolder(db, claim.path, exceptToken);
    if (sameFolder !== undefined) {
      return registryFailure(
        "duplicate_source_path",
        `Path ${claim.path} is the same folder as ${sameFolder.path} (through a symlink), already registered as ${sameFolder.displayName} (${sameFolder.token}); use that source or remove it first.`,
        [sameFolder],
      );
    }
  }
  if (claim.name === undefined) return undefined;
  // A vanity name first: it is the holder the error should name.
  const holder = ormOf(db)
    .select()
    .from(sources)
    .where(and(eq(sources.lookupKey, foldName(claim.name)), others))
    .orderBy(isNull(sources.name), asc(sources.id))
    .get();
  if (holder === undefined) return undefined;
  const source = toSource(holder);
  const how = source.name === null ? "the basename of" : "the name of";
  return registryFailure(
    "duplicate_source_name",
    `Name ${JSON.stringify(claim.name)} is already ${how} ${source.token} at ${source.path}; choose another name.`,
    [source],
  );
}
