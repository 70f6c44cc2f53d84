import { connectRegistry } from "@org/openspec-registry";
import { type PostgresServer, startPostgresServer } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIALIZE, rawRequest, useHttpServers } from "./test-support/http-harness.js";

/** A token made in the registry on the server, as `openspec-agent tokens create` would. */
async function makeToken(url: string, home: string): Promise<string> {
  const opened = await connectRegistry({ path: url, home, env: {} });
  if (!opened.ok) throw new Error(`registry did not open: ${opened.error}`);
  try {
    const created = await opened.registry.createAccessToken({ name: "ci" });
    if (!created.ok) throw new Error(created.error);
    return created.secret;
  } finally {
    await opened.registry.close();
  }
}

describe("openspec-mcp --http with its registry on a PostgreSQL server", () => {
  const startServer = useHttpServers();
  let postgres: PostgresServer;
  beforeAll(() => {
    postgres = startPostgresServer();
  });
  afterAll(() => postgres?.remove());

  it("GIVEN a token in the server's registry WHEN the database stops mid-run and starts again THEN /healthz answers 200, then 503 with registry_readable false and requests 503, then 200 again", async () => {
    const url = postgres.createDatabase();
    const http = await startServer({ extraEnv: { OPENSPEC_AGENT_DB: url } });
    const secret = await makeToken(url, http.home);
    const health = http.server.url.replace("/mcp", "/healthz");
    const initialize = () =>
      rawRequest(http.server.url, {
        headers: { authorization: `Bearer ${secret}` },
        body: INITIALIZE,
      });
    const healthOf = async () => {
      const response = await fetch(health);
      return { status: response.status, body: await response.json() };
    };

    const up = [await healthOf(), (await initialize()).status];
    postgres.stop();
    const down = [await healthOf(), await initialize()];
    postgres.start();
    const back = [await healthOf(), (await initialize()).status];

    expect(up).toEqual([
      { status: 200, body: expect.objectContaining({ ok: true, registry_readable: true }) },
      200,
    ]);
    expect(down).toEqual([
      { status: 503, body: expect.objectContaining({ ok: false, registry_readable: false }) },
      expect.objectContaining({ status: 503, body: expect.stringContaining("cannot be reached") }),
    ]);
    expect(back).toEqual([
      { status: 200, body: expect.objectContaining({ ok: true, registry_readable: true }) },
      200,
    ]);
    expect(JSON.stringify(down)).not.toContain(http.home);
  });
});
