import type { AccessTokenResult } from "./access-token.js";
import { registryContext } from "./create-registry.js";
import {
  hashAccessTokenSecret,
  looksLikeAccessTokenSecret,
  toAccessToken,
} from "./hash-access-token.js";
import { selectAccessTokens } from "./list-access-tokens.js";
import type { Registry } from "./registry.js";
import { registryFailure } from "./registry-failure.js";
import { runGuarded } from "./run-guarded.js";
import { writeOperations } from "./write-operations-loader.js";

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
    const [row] = selectAccessTokens(context.db, "hash = ?", hashAccessTokenSecret(secret));
    if (row === undefined) return invalid;
    const now = Date.now();
    if (!context.readOnly && (row.lastUsedAt ?? 0) < now - LAST_USED_RESOLUTION_MS) {
      if (writeOperations().touchLastUsed(context.db, row.id, now))
        return { ok: true, token: toAccessToken({ ...row, lastUsedAt: now }) };
    }
    return { ok: true, token: toAccessToken(row) };
  });
}
