import type { HttpRegistry } from "./http-registry.js";

/** How often the registry is asked for the tokens still valid (on SQLite, its data_version: no disk read). */
const REVOCATION_CHECK_MS = 500;

/**
 * Asks the registry every half second which tokens are still valid, and
 * hands `revoke` those of `held()` (the tokens holding sessions, streams or
 * calls) that are not: a token revoked by another process (`openspec-agent
 * tokens revoke`) loses its sessions, streams and calls within a second, and
 * its next request is refused at once, as every request is checked. One look
 * at a time: on PostgreSQL a look is a query, which may outlast the interval.
 */
export function watchRevokedTokens(
  registry: Pick<HttpRegistry, "tokenIdsIfChanged">,
  held: () => Iterable<number>,
  revoke: (ids: ReadonlySet<number>) => void,
  log: (line: string) => void,
): { lookNow(): void; stop(): Promise<void> } {
  let looking: Promise<void> | undefined;
  const look = (): void => {
    looking ??= registry
      .tokenIdsIfChanged()
      .then((active) => {
        if (active === undefined) return;
        const revoked = new Set([...held()].filter((id) => !active.has(id)));
        if (revoked.size > 0) revoke(revoked);
      })
      .catch((error: unknown) => log(`revocation check failed: ${String(error)}`))
      .finally(() => {
        looking = undefined;
      });
  };
  const timer = setInterval(look, REVOCATION_CHECK_MS);
  timer.unref();
  return {
    /** Looks at once, not at the next check (a look already under way is it). */
    lookNow: look,
    async stop() {
      clearInterval(timer);
      await looking;
    },
  };
}
