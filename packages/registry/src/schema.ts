import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ACCESS_TOKEN_INDEXES, SOURCE_INDEXES } from "./registry-indexes.js";

/**
 * One row per registered source. Times are Unix milliseconds so that `list()`
 * orders numerically. `lookup_key` is the case-folded name a source answers
 * to (its vanity name, else its path's basename), computed in JavaScript so
 * that folding covers all of Unicode; it makes resolving and conflict checks
 * index lookups, and the partial unique index keeps vanity names unique.
 */
export const sources = sqliteTable(
  "sources",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    token: text("token").notNull(),
    name: text("name"),
    path: text("path").notNull(),
    lookupKey: text("lookup_key").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) =>
    SOURCE_INDEXES.map((each) => {
      const built = (each.unique ? uniqueIndex : index)(each.name).on(table[each.column]);
      return each.namedOnly ? built.where(sql`${table.name} IS NOT NULL`) : built;
    }),
);

export type SourceRow = typeof sources.$inferSelect;

/**
 * Bearer tokens for the MCP server over HTTP. Only the SHA-256 of a token is
 * kept, so a copy of the file does not let anyone in; `read_only` limits the
 * bearer to tools that change nothing.
 */
export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    hash: text("hash").notNull(),
    readOnly: integer("read_only", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (table) => ACCESS_TOKEN_INDEXES.map((each) => uniqueIndex(each.name).on(table[each.column])),
);

export type AccessTokenRow = typeof accessTokens.$inferSelect;
