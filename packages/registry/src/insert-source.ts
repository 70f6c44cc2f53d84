import { lookupKey } from "./lookup-key.js";
import { ormOf } from "./orm-of.js";
import type { RegistryDatabase } from "./registry-database.js";
import { sources } from "./schema.js";
import type { Source } from "./source.js";
import { toSource } from "./to-source.js";

export interface NewSource {
  readonly token: string;
  readonly name: string | null;
  /** Already normalized and checked for conflicts. */
  readonly path: string;
  /** Unix milliseconds; also the first `updatedAt`. */
  readonly createdAt: number;
}

/** Writes a new row; the caller holds the write transaction and has checked for conflicts. */
export function insertSource(db: RegistryDatabase, source: NewSource): Source {
  const row = ormOf(db)
    .insert(sources)
    .values({
      ...source,
      lookupKey: lookupKey(source.name, source.path),
      updatedAt: source.createdAt,
    })
    .returning()
    .get();
  return toSource(row);
}
