import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import type { RegistryDatabase } from "./registry-database.js";

const orms = new WeakMap<RegistryDatabase, BetterSQLite3Database>();

/** drizzle over a registry connection, made once per connection: what every write queries through. */
export function ormOf(db: RegistryDatabase): BetterSQLite3Database {
  let orm = orms.get(db);
  if (orm === undefined) {
    orm = drizzle({ client: db });
    orms.set(db, orm);
  }
  return orm;
}
