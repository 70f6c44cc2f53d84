import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ACCESS_TOKEN_INDEXES, SOURCE_INDEXES } from "./registry-indexes.js";

/**
 * The tables of src/schema.ts for PostgreSQL. drizzle has no dialect-neutral
 * table builder (sqlite-core and pg-core columns are different types), so the
 * same definition is written twice: same table, column and index names, same
 * keys; a test compares the two column by column. Times are Unix milliseconds
 * in `bigint` (they overflow PostgreSQL's 32-bit `integer`), read back as
 * JavaScript numbers.
 */
export const pgSources = pgTable(
  "sources",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    token: text("token").notNull(),
    name: text("name"),
    path: text("path").notNull(),
    lookupKey: text("lookup_key").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (table) =>
    SOURCE_INDEXES.map((each) => {
      const built = (each.unique ? uniqueIndex : index)(each.name).on(table[each.column]);
      return each.namedOnly ? built.where(sql`${table.name} IS NOT NULL`) : built;
    }),
);

/** Bearer tokens, as `access_tokens` of src/schema.ts: only the SHA-256 of a secret is kept. */
export const pgAccessTokens = pgTable(
  "access_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    hash: text("hash").notNull(),
    readOnly: boolean("read_only").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    lastUsedAt: bigint("last_used_at", { mode: "number" }),
  },
  (table) => ACCESS_TOKEN_INDEXES.map((each) => uniqueIndex(each.name).on(table[each.column])),
);
