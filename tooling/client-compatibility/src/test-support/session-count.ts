import type { SpawnedHttpServer } from "@org/host-harness";

/** The server's session count from `/healthz`, which needs no token. */
export async function sessionCount(server: SpawnedHttpServer): Promise<number> {
  const health = (await (await fetch(new URL("/healthz", server.url))).json()) as {
    sessions: number;
  };
  return health.sessions;
}
