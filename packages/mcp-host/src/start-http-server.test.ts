import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { cliToolNames, toolCatalog } from "@org/openspec-core";
import { makeOpenSpecRepository, REAL_OPENSPEC_BIN, temporaryFolder } from "@org/test-kit";
import { describe, expect, it } from "vitest";
import { INITIALIZE, rawRequest, useHttpServers } from "./test-support/http-harness.js";

describe("startHttpServer: the catalog over Streamable HTTP", () => {
  const startServer = useHttpServers();

  it("GIVEN a token WHEN a client lists tools and calls one over HTTP THEN it gets every tool and the catalog's real result", async () => {
    const http = await startServer();
    const client = await http.connect(http.token("ci"));
    const repository = makeOpenSpecRepository();

    const listed = await client.listTools();
    const added = await client.callTool({
      name: "openspec_source_add",
      arguments: { path: repository, name: "billing" },
    });
    const listedSources = await client.callTool({ name: "openspec_source_list", arguments: {} });

    expect(listed.tools.map((tool) => tool.name).sort()).toEqual(
      toolCatalog.map((tool) => tool.name).sort(),
    );
    expect(added.structuredContent).toMatchObject({ ok: true, source: { name: "billing" } });
    expect(listedSources.structuredContent).toMatchObject({
      ok: true,
      sources: [{ name: "billing" }],
    });
  });

  it("GIVEN two sessions at once WHEN both call tools concurrently THEN each gets its own session id and answers", async () => {
    const http = await startServer({ noAuth: true });
    const [first, second] = await Promise.all([http.connect(), http.connect()]);

    const answers = await Promise.all(
      [first, second].flatMap((client) =>
        [1, 2, 3].map(() => client.callTool({ name: "openspec_source_list", arguments: {} })),
      ),
    );

    expect(answers.every((answer) => answer.isError !== true)).toBe(true);
    expect(http.server.sessionCount()).toBe(2);
  });

  it("GIVEN a session WHEN the CLI disappears THEN list_changed reaches that session and its list loses the CLI tools", async () => {
    const binDir = temporaryFolder("bin-");
    symlinkSync(REAL_OPENSPEC_BIN, join(binDir, "openspec"));
    const http = await startServer({
      noAuth: true,
      availabilityCheckMs: 50,
      extraEnv: { OPENSPEC_BIN: join(binDir, "openspec") },
    });
    const client = await http.connect();
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );

    rmSync(join(binDir, "openspec"));
    await changed;
    const names = (await client.listTools()).tools.map((tool) => tool.name);

    expect(names.some((name) => cliToolNames.includes(name))).toBe(false);
    expect(names).toContain("openspec_source_list");
  });

  it("GIVEN a session WHEN the client ends it with DELETE THEN the server forgets it and answers 404 for its id", async () => {
    const http = await startServer({ noAuth: true });
    const init = await rawRequest(http.server.url, { body: INITIALIZE });
    const sessionId = init.headers.get("mcp-session-id") ?? "";
    expect(http.server.sessionCount()).toBe(1);

    const ended = await rawRequest(http.server.url, {
      method: "DELETE",
      headers: { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
    });
    const after = await rawRequest(http.server.url, {
      headers: { "mcp-session-id": sessionId },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
    });

    expect(ended.status).toBe(200);
    expect(http.server.sessionCount()).toBe(0);
    expect(after.status).toBe(404);
  });

  it("GIVEN a short idle timeout WHEN a session sends nothing THEN the server closes it", async () => {
    const http = await startServer({ noAuth: true, idleTimeoutMs: 200 });
    await rawRequest(http.server.url, { body: INITIALIZE });
    expect(http.server.sessionCount()).toBe(1);

    await expect.poll(() => http.server.sessionCount(), { timeout: 10_000 }).toBe(0);
  });

  it("GIVEN a client that opens the SSE stream and then drops its socket WHEN another client calls a tool THEN the server answers as before", async () => {
    const http = await startServer({ noAuth: true });
    const init = await rawRequest(http.server.url, { body: INITIALIZE });
    const sessionId = init.headers.get("mcp-session-id") ?? "";
    await rawRequest(http.server.url, {
      headers: { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    const url = new URL(http.server.url);
    await new Promise<void>((resolve, reject) => {
      const stream = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "GET",
          headers: {
            accept: "text/event-stream",
            "mcp-session-id": sessionId,
            "mcp-protocol-version": "2025-06-18",
          },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.socket.destroy();
          resolve();
        },
      );
      stream.on("error", reject);
      stream.end();
    });

    const client = await http.connect();
    const answer = await client.callTool({ name: "openspec_source_list", arguments: {} });
    const health = await fetch(http.server.url.replace("/mcp", "/healthz"));

    expect(answer.structuredContent).toMatchObject({ ok: true });
    expect(health.status).toBe(200);
  });

  it("GIVEN a server with the CLI and a readable registry WHEN /healthz is asked without a token THEN 200 with the version and no paths", async () => {
    const http = await startServer();
    const response = await fetch(http.server.url.replace("/mcp", "/healthz"));
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ ok: true, cli_found: true, registry_readable: true });
    expect(text).not.toContain(http.home);
  });

  it("GIVEN no CLI and a registry path that cannot be opened WHEN /healthz is asked THEN 503 saying which", async () => {
    const blocked = join(temporaryFolder("blocked-"), "file");
    mkdirSync(blocked);
    const http = await startServer({
      extraEnv: { OPENSPEC_BIN: "/nonexistent/openspec", OPENSPEC_AGENT_DB: blocked },
    });
    const response = await fetch(http.server.url.replace("/mcp", "/healthz"));

    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      ok: false,
      cli_found: false,
      registry_readable: false,
    });
  });
});
