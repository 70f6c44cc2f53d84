import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { PgRegistryDatabase } from "./pg-registry-database.js";

/**
 * One transaction on a connection of the pool, given back in every case.
 * drizzle's own `transaction` on a pool sends BEGIN outside its try/finally,
 * so a BEGIN that fails (the server restarting) keeps the connection checked
 * out for good; after ten such failures every call would wait for a
 * connection. Here a connection that saw any error is destroyed instead of
 * going back to the pool, since it may be the broken one.
 */
export async function poolTransaction<T>(
  pool: pg.Pool,
  work: (tx: PgRegistryDatabase) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query("BEGIN");
    try {
      const result = await work(drizzle({ client }));
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failed);
  }
}
