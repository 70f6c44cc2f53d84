import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { AccessTokenResult } from "./access-token.js";
import type { AsyncRegistry } from "./async-registry.js";
import { checkSourceChanges } from "./check-source-changes.js";
import {
  hashAccessTokenSecret,
  looksLikeAccessTokenSecret,
  newAccessTokenSecret,
  toAccessToken,
} from "./hash-access-token.js";
import { checkImportRow, conflictSkip, type SkippedSource } from "./import-source-row.js";
import { lookupKey } from "./lookup-key.js";
import { normalizeSourcePath, type PathContext } from "./normalize-source-path.js";
import { pgCheckSourceConflicts } from "./pg-check-source-conflicts.js";
import { pgAllSources, pgFindSource } from "./pg-find-source.js";
import type { PgRegistryDatabase } from "./pg-registry-database.js";
import { pgAccessTokens, pgSources } from "./pg-schema.js";
import { planSourceUpdate } from "./plan-source-update.js";
import { isStaleConnection, postgresFailure } from "./postgres-failure.js";
import type { SourceResult } from "./registry.js";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";
import type { Source } from "./source.js";
import { toSource } from "./to-source.js";
import { validateSourceName } from "./validate-source-name.js";
import { validateUnnamedFolder } from "./validate-unnamed-folder.js";

/** As many as a pool holds connections (POOL_SIZE), so every stale one can be dropped in one call. */
const STALE_CONNECTION_RETRIES = 10;

/** `last_used_at` is rewritten at most this often, as on SQLite. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface PgRegistryOptions {
  readonly db: PgRegistryDatabase;
  /** For messages: the URL without its password. */
  readonly location: string;
  readonly paths: PathContext;
  /** How long a write waits for another writer's lock, and a call for a pooled connection. */
  readonly busyTimeoutMs: number;
  /** Ends the pool (or the in-process database). */
  readonly close: () => Promise<void>;
  /**
   * Runs `work` in one transaction on one connection and returns its result (committed) or
   * rethrows its error (rolled back). Defaults to drizzle's `db.transaction`; a pool gives its
   * own, see `connectPostgres`.
   */
  readonly transaction?: <T>(work: (tx: PgRegistryDatabase) => Promise<T>) => Promise<T>;
}

/**
 * The registry on PostgreSQL, behind the interface the SQLite file has. Every
 * write runs in a transaction that first takes one advisory lock for the whole
 * registry (`pg_advisory_xact_lock`), as SQLite's `BEGIN IMMEDIATE` takes the
 * file's: the checks a write makes (a name unused, also as another source's
 * basename) still hold when it writes, from any number of processes and
 * machines. `lock_timeout` bounds the wait, which answers `registry_busy`.
 */
export function createPgRegistry(options: PgRegistryOptions): AsyncRegistry {
  const { db, location, paths, busyTimeoutMs } = options;
  let closed: Promise<void> | undefined;
  // A call that met a connection the server had closed is tried again: the pool dropped that
  // connection, and after a server restart every idle one is stale. When the server is down,
  // the next attempt opens a new connection, which is refused at once.
  const guarded = async <T>(work: () => Promise<T>): Promise<T | RegistryFailure> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= STALE_CONNECTION_RETRIES || !isStaleConnection(error)) {
          return postgresFailure(location, error, busyTimeoutMs);
        }
      }
    }
  };
  const transaction =
    options.transaction ??
    (<T>(work: (tx: PgRegistryDatabase) => Promise<T>) => db.transaction((tx) => work(tx)));
  const write = <T>(work: (tx: PgRegistryDatabase) => Promise<T>) =>
    guarded(() =>
      transaction(async (tx) => {
        // lock_timeout 0 would mean "wait forever".
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, busyTimeoutMs)}`));
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('openspec-agent registry'))`);
        return work(tx);
      }),
    );
  const insert = async (
    tx: PgRegistryDatabase,
    row: { token: string; name: string | null; path: string; createdAt: number },
  ): Promise<Source> => {
    const [inserted] = await tx
      .insert(pgSources)
      .values({ ...row, lookupKey: lookupKey(row.name, row.path), updatedAt: row.createdAt })
      .returning();
    if (inserted === undefined)
      throw new Error(`INSERT ... RETURNING gave no row for ${row.token}`);
    return toSource(inserted);
  };
  const freshToken = async (tx: PgRegistryDatabase): Promise<string> => {
    for (;;) {
      const token = `os_${randomBytes(3).toString("hex")}`;
      const held = await tx
        .select({ id: pgSources.id })
        .from(pgSources)
        .where(eq(pgSources.token, token));
      if (held.length === 0) return token;
    }
  };

  return {
    kind: "postgres",
    location,
    async add(input) {
      const path = normalizeSourcePath(input.path, paths);
      if (!path.ok) return path;
      const name = input.name == null ? undefined : validateSourceName(input.name);
      if (name !== undefined && !name.ok) return name;
      const unnamedProblem = name === undefined ? validateUnnamedFolder(path.path) : undefined;
      if (unnamedProblem !== undefined) return unnamedProblem;
      return write(async (tx): Promise<SourceResult> => {
        const conflict = await pgCheckSourceConflicts(tx, { path: path.path, name: name?.name });
        if (conflict !== undefined) return conflict;
        const source = await insert(tx, {
          token: await freshToken(tx),
          name: name?.name ?? null,
          path: path.path,
          createdAt: Date.now(),
        });
        return { ok: true, source };
      });
    },
    async update(identifier, changes) {
      const checked = checkSourceChanges(changes, paths);
      if (!checked.ok) return checked;
      return write(async (tx): Promise<SourceResult> => {
        const found = await pgFindSource(tx, identifier);
        if (!found.ok) return found;
        const plan = planSourceUpdate(found.source, checked);
        if ("ok" in plan) return plan;
        if (plan.unchanged) return found;
        const conflict = await pgCheckSourceConflicts(tx, plan.claim, found.source.token);
        if (conflict !== undefined) return conflict;
        const [row] = await tx
          .update(pgSources)
          .set({
            path: plan.path,
            name: plan.name,
            lookupKey: lookupKey(plan.name, plan.path),
            updatedAt: Date.now(),
          })
          .where(eq(pgSources.token, found.source.token))
          .returning();
        if (row === undefined)
          throw new Error(`UPDATE ... RETURNING gave no row for ${found.source.token}`);
        return { ok: true, source: toSource(row) };
      });
    },
    remove: (identifier) =>
      write(async (tx): Promise<SourceResult> => {
        const found = await pgFindSource(tx, identifier);
        if (!found.ok) return found;
        await tx.delete(pgSources).where(eq(pgSources.token, found.source.token));
        return found;
      }),
    list: () => guarded(async () => ({ ok: true as const, sources: await pgAllSources(db) })),
    resolve: (identifier) => guarded(() => pgFindSource(db, identifier)),
    importSources: (rows) =>
      write(async (tx) => {
        const imported: Source[] = [];
        const skipped: SkippedSource[] = [];
        for (const row of rows) {
          const [holder] = await tx
            .select({ path: pgSources.path })
            .from(pgSources)
            .where(eq(pgSources.token, row.token));
          const checked = checkImportRow(row, paths.home, holder?.path);
          if ("code" in checked) {
            skipped.push(checked);
            continue;
          }
          const conflict = await pgCheckSourceConflicts(tx, {
            path: checked.path,
            name: checked.name ?? undefined,
          });
          if (conflict !== undefined) skipped.push(conflictSkip(row, conflict));
          else imported.push(await insert(tx, { token: row.token, ...checked }));
        }
        return { ok: true as const, imported, skipped };
      }),
    async createAccessToken(input) {
      const name = validateSourceName(input.name);
      if (!name.ok) return name;
      return write(async (tx) => {
        const held = await tx
          .select({ id: pgAccessTokens.id })
          .from(pgAccessTokens)
          .where(eq(pgAccessTokens.name, name.name));
        if (held.length > 0) {
          return registryFailure(
            "duplicate_access_token",
            `A token named ${JSON.stringify(name.name)} exists already; revoke it first or pick another name.`,
          );
        }
        const secret = newAccessTokenSecret();
        const [row] = await tx
          .insert(pgAccessTokens)
          .values({
            name: name.name,
            hash: hashAccessTokenSecret(secret),
            readOnly: input.readOnly === true,
            createdAt: Date.now(),
          })
          .returning();
        if (row === undefined) throw new Error("INSERT ... RETURNING gave no token row");
        return { ok: true as const, token: toAccessToken(row), secret };
      });
    },
    listAccessTokens: () =>
      guarded(async () => ({
        ok: true as const,
        tokens: (await db.select().from(pgAccessTokens).orderBy(asc(pgAccessTokens.id))).map(
          toAccessToken,
        ),
      })),
    revokeAccessToken: (identifier) =>
      write(async (tx): Promise<AccessTokenResult> => {
        const byName = await tx
          .select()
          .from(pgAccessTokens)
          .where(eq(pgAccessTokens.name, identifier));
        const byId =
          byName.length === 0 && /^[1-9][0-9]{0,9}$/.test(identifier)
            ? await tx
                .select()
                .from(pgAccessTokens)
                .where(eq(pgAccessTokens.id, Number(identifier)))
            : [];
        const row = byName[0] ?? byId[0];
        if (row === undefined) {
          return registryFailure(
            "access_token_not_found",
            `No token is named ${JSON.stringify(identifier)} or has that id; run tokens list to see them.`,
          );
        }
        await tx.delete(pgAccessTokens).where(eq(pgAccessTokens.id, row.id));
        return { ok: true, token: toAccessToken(row) };
      }),
    async verifyAccessToken(secret) {
      const invalid = registryFailure(
        "access_token_invalid",
        "The bearer token is unknown or revoked; ask for a new one (openspec-agent tokens create).",
      );
      if (!looksLikeAccessTokenSecret(secret)) return invalid;
      return guarded(async (): Promise<AccessTokenResult> => {
        const [row] = await db
          .select()
          .from(pgAccessTokens)
          .where(eq(pgAccessTokens.hash, hashAccessTokenSecret(secret)));
        if (row === undefined) return invalid;
        const now = Date.now();
        if ((row.lastUsedAt ?? 0) >= now - LAST_USED_RESOLUTION_MS) {
          return { ok: true, token: toAccessToken(row) };
        }
        // Bookkeeping: a failure here (a read-only role, a lock) must not refuse the request.
        const touched = await db
          .update(pgAccessTokens)
          .set({ lastUsedAt: now })
          .where(eq(pgAccessTokens.id, row.id))
          .then(
            () => true,
            () => false,
          );
        return { ok: true, token: toAccessToken(touched ? { ...row, lastUsedAt: now } : row) };
      });
    },
    changeCount: async () => undefined,
    ping: () =>
      guarded(async () => {
        await db.execute(sql`SELECT 1`);
        return { ok: true as const };
      }),
    close() {
      closed ??= options.close();
      return closed;
    },
  };
}
