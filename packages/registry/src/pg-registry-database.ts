import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * drizzle over a PostgreSQL connection: node-postgres's pool for a server,
 * PGlite in tests. A transaction has the same query builder.
 */
export type PgRegistryDatabase = PgDatabase<PgQueryResultHKT>;
