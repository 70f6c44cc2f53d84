import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { SourceClaim } from "./check-source-conflicts.js";
import { foldName } from "./lookup-key.js";
import type { PgRegistryDatabase } from "./pg-registry-database.js";
import { pgSources } from "./pg-schema.js";
import { realPathOf } from "./real-path-of.js";
import type { RegistryFailure } from "./registry-failure.js";
import { nameTaken, pathTaken, sameFolderTaken } from "./source-conflict-failures.js";
import { toSource } from "./to-source.js";

/** {@link checkSourceConflicts} on PostgreSQL: the same rules, the same failures. */
export async function pgCheckSourceConflicts(
  db: PgRegistryDatabase,
  claim: SourceClaim,
  exceptToken?: string,
): Promise<RegistryFailure | undefined> {
  const others = exceptToken === undefined ? undefined : ne(pgSources.token, exceptToken);
  if (claim.path !== undefined) {
    const [owner] = await db
      .select()
      .from(pgSources)
      .where(and(eq(pgSources.path, claim.path), others))
      .limit(1);
    if (owner !== undefined) return pathTaken(toSource(owner));
    const real = realPathOf(claim.path);
    const rows = await db.select().from(pgSources).where(others);
    const sameFolder = rows.find((row) => realPathOf(row.path) === real);
    if (sameFolder !== undefined) return sameFolderTaken(claim.path, toSource(sameFolder));
  }
  if (claim.name === undefined) return undefined;
  const [holder] = await db
    .select()
    .from(pgSources)
    .where(and(eq(pgSources.lookupKey, foldName(claim.name)), others))
    .orderBy(isNull(pgSources.name), asc(pgSources.id))
    .limit(1);
  return holder === undefined ? undefined : nameTaken(claim.name, toSource(holder));
}
