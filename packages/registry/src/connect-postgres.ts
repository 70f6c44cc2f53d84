import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { AsyncRegistry } from "./async-registry.js";
import type { PathContext } from "./normalize-source-path.js";
import { PG_MIGRATIONS_FOLDER } from "./pg-migrations-folder.js";
import { createPgRegistry } from "./pg-registry.js";
import { poolTransaction } from "./pool-transaction.js";
import { redactPostgresUrl } from "./postgres-url.js";
import { preparePgRegistry } from "./prepare-pg-registry.js";
import { MOST_WAIT_WHILE_OTHERS_WRITE_MS } from "./registry-database.js";
import type { RegistryFailure } from "./registry-failure.js";

/** Connections one process keeps to the server at most; a host's calls queue for them. */
export const POOL_SIZE = 10;

/**
 * Connects to the registry on a PostgreSQL server: a pool of at most
 * {@link POOL_SIZE} connections (node-postgres, all I/O asynchronous), whose
 * wait for a free connection is bounded by the busy timeout like a lock's.
 * The tables are created or upgraded on first use by drizzle's migrator.
 */
export async function connectPostgres(
  url: string,
  paths: PathContext,
  busyTimeoutMs: number,
): Promise<{ readonly ok: true; readonly registry: AsyncRegistry } | RegistryFailure> {
  const location = redactPostgresUrl(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: Math.max(1, busyTimeoutMs),
    // A connection the server dropped (restart, failover) is replaced, not reused.
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // A safety net: no query may wait forever on a connection that went silent.
    query_timeout: MOST_WAIT_WHILE_OTHERS_WRITE_MS,
  });
  // A connection the server ends (a restart) would otherwise raise an uncaught 'error' event,
  // idle in the pool or checked out between two queries of a transaction; the call that uses it
  // gets the error as its own and answers registry_unreachable.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle({ client: pool });
  const prepared = await preparePgRegistry({
    db,
    location,
    busyTimeoutMs,
    migrate: () => migrate(db, { migrationsFolder: PG_MIGRATIONS_FOLDER }),
    withMigrationLock: async (work) => {
      const client = await pool.connect();
      try {
        await client.query(
          "SELECT pg_advisory_lock(hashtext('openspec-agent registry migration'))",
        );
        return await work();
      } finally {
        await client
          .query("SELECT pg_advisory_unlock(hashtext('openspec-agent registry migration'))")
          .catch(() => {});
        client.release();
      }
    },
  });
  if (!prepared.ok) {
    // Not awaited: a connection a failed migration kept would hold it open.
    void pool.end().catch(() => {});
    return prepared;
  }
  return {
    ok: true,
    registry: createPgRegistry({
      db,
      location,
      paths,
      busyTimeoutMs,
      close: () => pool.end(),
      transaction: (work) => poolTransaction(pool, work),
    }),
  };
}
