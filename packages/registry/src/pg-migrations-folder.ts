import { fileURLToPath } from "node:url";

/** The committed PostgreSQL migrations (drizzle-pg/), next to SQLite's drizzle/. */
export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle-pg", import.meta.url));
