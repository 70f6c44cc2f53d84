import type { ServerResponse } from "node:http";
import type { Catalog } from "@org/openspec-core";
import type { HttpRegistry } from "./http-registry.js";
import { packageVersion } from "./package-version.js";

/**
 * `GET /healthz`, for a reverse proxy or a container: no token needed, so it
 * names no path, token or source. 200 when the CLI is found and the registry
 * is readable, else 503 with the same body.
 */
export async function answerHealth(
  response: ServerResponse,
  catalog: Catalog,
  registry: HttpRegistry,
  sessions: number,
): Promise<void> {
  const cliFound = (await catalog.cliStatus()).ok;
  const registryReadable = await registry.readable();
  const healthy = cliFound && registryReadable;
  response.writeHead(healthy ? 200 : 503, {
    "content-type": "application/json",
    "cache-control": "no-store",
  });
  response.end(
    JSON.stringify({
      ok: healthy,
      version: packageVersion,
      cli_found: cliFound,
      registry_readable: registryReadable,
      sessions,
    }),
  );
}
