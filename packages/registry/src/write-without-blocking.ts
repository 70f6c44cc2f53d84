import { setTimeout as sleep } from "node:timers/promises";
import { dataVersion } from "./others-wrote.js";
import type { SourceResult } from "./registry.js";
import type { RegistryContext } from "./registry-context.js";
import { MOST_WAIT_WHILE_OTHERS_WRITE_MS } from "./registry-database.js";

/** How long one attempt lets SQLite wait for the lock, blocking the thread. */
export const SHORT_BUSY_TIMEOUT_MS = 25;

/**
 * Runs a synchronous write with a short busy timeout and, while another
 * process holds the write lock, tries again after an asynchronous pause, for
 * the same budget as the blocking API (then `registry_busy`): the busy timeout
 * with no other write finishing, renewed each time another connection commits,
 * up to the longest wait in all. SQLite's own busy handler sleeps on the calling
 * thread, so a host that waited the full timeout there could answer nothing else
 * meanwhile; here it blocks for at most a few milliseconds at a time.
 */
export async function writeWithoutBlocking(
  context: RegistryContext,
  write: () => SourceResult,
): Promise<SourceResult> {
  const started = Date.now();
  const latest = started + MOST_WAIT_WHILE_OTHERS_WRITE_MS;
  let deadline = started + context.busyTimeoutMs;
  let seen = dataVersion(context.db);
  for (;;) {
    const result = attemptBriefly(context, write);
    if (result.ok || result.code !== "registry_busy") return result;
    const now = dataVersion(context.db);
    if (now !== undefined && now !== seen) {
      seen = now;
      deadline = Math.min(Date.now() + context.busyTimeoutMs, latest);
    }
    if (Date.now() >= deadline) return result;
    await sleep(10 + Math.random() * 30);
  }
}

function attemptBriefly(context: RegistryContext, write: () => SourceResult): SourceResult {
  const sqlite = context.db;
  if (!sqlite.open) return write();
  sqlite.pragma(`busy_timeout = ${SHORT_BUSY_TIMEOUT_MS}`);
  try {
    return write();
  } finally {
    if (sqlite.open) sqlite.pragma(`busy_timeout = ${context.busyTimeoutMs}`);
  }
}
