import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type PostgresServer, startPostgresServer } from "@org/test-kit";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { AsyncRegistry } from "../async-registry.js";
import { connectRegistry } from "../connect-registry.js";
import { PG_MIGRATIONS_FOLDER } from "../pg-migrations-folder.js";
import { createPgRegistry } from "../pg-registry.js";
import { preparePgRegistry } from "../prepare-pg-registry.js";

/** Where a contract scenario's registry lives, and how a second writer reaches the same one. */
export interface RegistryDatabaseUnderTest {
  /** The registry, with `~` and relative paths inside `root`. */
  open(options?: { busyTimeoutMs?: number }): Promise<AsyncRegistry>;
  /**
   * Takes the registry's write lock from another connection, as a writer elsewhere would, and
   * returns the release; absent for PGlite, which has one session in one process.
   */
  holdWriteLock?: () => Promise<() => Promise<void>>;
}

/** A backend of the contract suite: makes one new, empty registry database per scenario. */
export interface RegistryBackend {
  readonly name: string;
  fresh(root: string): Promise<RegistryDatabaseUnderTest>;
  /** Ends what the backend started (a server). */
  end(): Promise<void>;
}

async function opened(result: Awaited<ReturnType<typeof connectRegistry>>) {
  if (!result.ok) throw new Error(`test registry did not open: ${result.error}`);
  return result.registry;
}

/** The embedded default: a SQLite file in the scenario's folder. */
export function sqliteBackend(): RegistryBackend {
  return {
    name: "SQLite",
    async fresh(root) {
      const file = join(root, "registry.db");
      return {
        open: async (options = {}) =>
          opened(await connectRegistry({ path: file, home: root, cwd: root, env: {}, ...options })),
        async holdWriteLock() {
          const holder = new Database(file);
          holder.exec("BEGIN IMMEDIATE");
          return async () => {
            holder.exec("COMMIT");
            holder.close();
          };
        },
      };
    },
    end: async () => {},
  };
}

/**
 * PostgreSQL compiled to WebAssembly, in this process: the fast path. Starting one takes
 * seconds on a loaded machine, so the suite keeps one and empties it for each scenario
 * (its schemas dropped, the migrations applied again): a new, empty database each time.
 */
export function pgliteBackend(): RegistryBackend {
  let client: PGlite | undefined;
  return {
    name: "PGlite",
    async fresh(root) {
      client ??= new PGlite();
      await client.exec(
        "DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;",
      );
      const db = drizzle({ client });
      const prepared = await preparePgRegistry({
        db,
        location: "PGlite (in memory)",
        busyTimeoutMs: 10_000,
        migrate: () => migrate(db, { migrationsFolder: PG_MIGRATIONS_FOLDER }),
        withMigrationLock: (work) => work(),
      });
      if (!prepared.ok) throw new Error(`PGlite registry did not open: ${prepared.error}`);
      return {
        // Every registry of the scenario shares the one in-process database, which outlives them.
        open: async (options = {}) =>
          createPgRegistry({
            db,
            location: "PGlite (in memory)",
            paths: { home: root, cwd: root },
            busyTimeoutMs: options.busyTimeoutMs ?? 10_000,
            close: async () => {},
          }),
      };
    },
    async end() {
      await client?.close();
      client = undefined;
    },
  };
}

/** The distribution's PostgreSQL server, started once for the suite; one database per scenario. */
export function postgresBackend(): RegistryBackend & { server(): PostgresServer } {
  let server: PostgresServer | undefined;
  const started = () => {
    server ??= startPostgresServer();
    return server;
  };
  return {
    name: "PostgreSQL server",
    server: started,
    async fresh(root) {
      const url = started().createDatabase();
      return {
        open: async (options = {}) =>
          opened(await connectRegistry({ path: url, home: root, cwd: root, env: {}, ...options })),
        async holdWriteLock() {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query("BEGIN");
          await client.query("SELECT pg_advisory_xact_lock(hashtext('openspec-agent registry'))");
          return async () => {
            await client.query("COMMIT");
            await client.end();
          };
        },
      };
    },
    async end() {
      server?.remove();
      server = undefined;
    },
  };
}
