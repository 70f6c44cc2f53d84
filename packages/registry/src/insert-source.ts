import { lookupKey } from "./lookup-key.js";
import type { RegistryDatabase } from "./registry-database.js";
import type { SourceRow } from "./schema.js";
import type { Source } from "./source.js";
import { SOURCE_ROW } from "./source-columns.js";
import { toSource } from "./to-source.js";

export interface NewSource {
  readonly token: string;
  readonly name: string | null;
  /** Already normalized and checked for conflicts. */
  readonly path: string;
  /** Unix milliseconds; also the first `updatedAt`. */
  readonly createdAt: number;
}

type NewSourceRow = Omit<SourceRow, "id">;

/** Writes a new row; the caller holds the write transaction and has checked for conflicts. */
export function insertSource(db: RegistryDatabase, source: NewSource): Source {
  const row = db
    .prepare<[NewSourceRow], SourceRow>(
      `INSERT INTO sources (token, name, path, lookup_key, created_at, updated_at)
       VALUES (@token, @name, @path, @lookupKey, @createdAt, @updatedAt) RETURNING ${SOURCE_ROW}`,
    )
    .get({
      ...source,
      lookupKey: lookupKey(source.name, source.path),
      updatedAt: source.createdAt,
    });
  if (row === undefined) throw new Error("INSERT ... RETURNING gave no row");
  return toSource(row);
}
