import type { AccessTokenResult } from "./access-token.js";
import { ACCESS_TOKEN_ROW, type StoredAccessTokenRow } from "./access-token-columns.js";
import { registryContext } from "./create-registry.js";
import {
  hashAccessTokenSecret,
  looksLikeAccessTokenSecret,
  toAccessToken,
} from "./hash-access-token.js";
import type { Registry } from "./registry.js";
import type { RegistryContext } from "./registry-context.js";
import { BUSY_TIMEOUT_MS } from "./registry-database.js";
import { registryFailure } from "./registry-failure.js";
import { runGuarded } from "./run-guarded.js";
import { classifySqliteError } from "./sqlite-error.js";

/** `last_used_at` is rewritten at most this often, so busy servers do not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The token whose secret this is, or `access_token_invalid`. A read (WAL: it
 * never waits for a writer); the last-used time is refreshed when stale, in
 * one attempt that is skipped at once while another process holds the lock.
 */
export function verifyAccessToken(registry: Registry, secret: string): AccessTokenResult {
  const invalid = registryFailure(
    "access_token_invalid",
    "The bearer token is unknown or revoked; ask for a new one (openspec-agent tokens create).",
  );
  if (!looksLikeAccessTokenSecret(secret)) return invalid;
  const context = registryContext(registry);
  return runGuarded(context, (): AccessTokenResult => {
    const row = context.db
      .prepare<[string], StoredAccessTokenRow>(
        `SELECT ${ACCESS_TOKEN_ROW} FROM access_tokens WHERE hash = ?`,
      )
      .get(hashAccessTokenSecret(secret));
    if (row === undefined) return invalid;
    const now = Date.now();
    if (!context.readOnly && (row.lastUsedAt ?? 0) < now - LAST_USED_RESOLUTION_MS) {
      if (touchLastUsed(context, row.id, now))
        return { ok: true, token: toAccessToken({ ...row, lastUsedAt: now }) };
    }
    return { ok: true, token: toAccessToken(row) };
  });
}

function touchLastUsed(context: RegistryContext, id: number, now: number): boolean {
  const sqlite = context.db;
  // Never wait: a request must not stall behind another writer for a bookkeeping write.
  sqlite.pragma("busy_timeout = 0");
  try {
    context.db.prepare("UPDATE access_tokens SET last_used_at = ? WHERE id = ?").run(now, id);
    return true;
  } catch (error) {
    if (classifySqliteError(error) === "bug") throw error;
    return false;
  } finally {
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}
