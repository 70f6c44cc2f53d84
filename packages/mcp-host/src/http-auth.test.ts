import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Catalog } from "@org/openspec-core";
import { toolCatalog } from "@org/openspec-core";
import { openRegistry, revokeAccessToken } from "@org/openspec-registry";
import { makeOpenSpecRepository } from "@org/test-kit";
import { describe, expect, it } from "vitest";
import { startHttpServer } from "./start-http-server.js";
import { INITIALIZE, rawRequest, useHttpServers } from "./test-support/http-harness.js";

const lockHolder = fileURLToPath(new URL("./test-support/hold-write-lock.mjs", import.meta.url));

/** Records every call that reaches the catalog, so a test can prove none did. */
function countingCatalog(counter: { calls: number; names?: string[] }) {
  return (catalog: Catalog): Catalog => ({
    ...catalog,
    call: (name, args, call) => {
      counter.calls += 1;
      counter.names?.push(name);
      return catalog.call(name, args, call);
    },
  });
}

describe("the HTTP server's auth and its faults", () => {
  const startServer = useHttpServers();

  it("GIVEN no token, a malformed header or an unknown token WHEN initializing THEN 401 with WWW-Authenticate and no session", async () => {
    const http = await startServer();
    for (const authorization of [
      undefined,
      "Basic abc",
      "Bearer ",
      `Bearer osk_${"x".repeat(43)}`,
    ]) {
      const answer = await rawRequest(http.server.url, {
        body: INITIALIZE,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.status).toBe(401);
      // RFC 6750 §3.1: a request without credentials gets the challenge without an error code.
      expect(answer.headers.get("www-authenticate")).toBe(
        authorization === undefined || authorization === "Basic abc" || authorization === "Bearer "
          ? 'Bearer realm="openspec"'
          : 'Bearer realm="openspec", error="invalid_token"',
      );
    }
    expect(http.server.sessionCount()).toBe(0);
  });

  it("GIVEN 1,000 requests with bad tokens WHEN they arrive 50 at a time THEN every one is 401 and no tool is reached", async () => {
    const counter = { calls: 0 };
    const http = await startServer({ wrapCatalog: countingCatalog(counter) });
    const call = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "openspec_source_list", arguments: {} },
    });
    const statuses: number[] = [];
    for (let batch = 0; batch < 20; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          rawRequest(http.server.url, {
            body: index % 2 === 0 ? INITIALIZE : call,
            headers: { authorization: `Bearer osk_bad${batch}_${index}` },
          }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }

    expect(statuses).toHaveLength(1000);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(counter.calls).toBe(0);
    expect(http.server.sessionCount()).toBe(0);
  });

  it("GIVEN a read-only token WHEN the client lists and calls tools THEN it sees only readOnlyHint tools and a write is refused without running", async () => {
    const counter = { calls: 0, names: [] as string[] };
    const http = await startServer({ wrapCatalog: countingCatalog(counter) });
    const client = await http.connect(http.token("reader", true));

    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
    const write = await client.callTool({
      name: "openspec_source_add",
      arguments: { path: makeOpenSpecRepository() },
    });
    const read = await client.callTool({ name: "openspec_source_list", arguments: {} });

    expect(names).toEqual(
      toolCatalog
        .filter((tool) => tool.annotations.readOnlyHint || tool.servesReadOnly)
        .map((tool) => tool.name)
        .sort(),
    );
    expect(names.length).toBeLessThan(toolCatalog.length);
    expect(write.isError).toBe(true);
    expect(write.structuredContent).toMatchObject({ ok: false, code: "tool_unavailable" });
    expect(read.structuredContent).toMatchObject({ ok: true, sources: [] });
    // The server lists sources itself to name their folders; the write never reached the catalog.
    expect(counter.names).toContain("openspec_source_list");
    expect(counter.names).not.toContain("openspec_source_add");
  });

  it("GIVEN a read-only token WHEN it runs the CLI passthrough THEN a command that reads answers and one that writes is refused before the CLI runs", async () => {
    const http = await startServer();
    const writer = await http.connect(http.token("writer"));
    const reader = await http.connect(http.token("reader", true));
    const repository = makeOpenSpecRepository();
    await writer.callTool({
      name: "openspec_source_add",
      arguments: { path: repository, name: "api" },
    });

    const listed = await reader.callTool({
      name: "openspec_cli",
      arguments: { source: "api", args: ["list", "--specs"] },
    });
    const created = await reader.callTool({
      name: "openspec_cli",
      arguments: { source: "api", args: ["new", "change", "add-search"] },
    });

    expect(listed.structuredContent).toMatchObject({
      ok: true,
      kind: "read",
      stdout: { specs: [] },
    });
    expect(created.structuredContent).toMatchObject({
      ok: false,
      code: "command_not_allowed",
      kind: "write",
    });
    expect(existsSync(join(repository, "openspec", "changes", "add-search"))).toBe(false);
    // The same command through a token that may write creates the change.
    const written = await writer.callTool({
      name: "openspec_cli",
      arguments: { source: "api", args: ["new", "change", "add-search"] },
    });
    expect(written.structuredContent).toMatchObject({ ok: true, kind: "write" });
    expect(existsSync(join(repository, "openspec", "changes", "add-search"))).toBe(true);
  });

  it("GIVEN a session WHEN its token is revoked from another connection THEN the next request is refused (401)", async () => {
    const http = await startServer();
    const client = await http.connect(http.token("laptop"));
    await client.callTool({ name: "openspec_source_list", arguments: {} });
    const opened = openRegistry({ path: http.registryPath, env: http.env, home: http.home });
    if (!opened.ok) throw new Error(opened.error);
    expect(revokeAccessToken(opened.registry, "laptop")).toMatchObject({ ok: true });
    opened.registry.close();

    await expect(client.callTool({ name: "openspec_source_list", arguments: {} })).rejects.toThrow(
      /unknown or revoked/,
    );
  });

  it("GIVEN a session of one token WHEN another valid token uses its session id THEN 403", async () => {
    const http = await startServer();
    const owner = http.token("owner");
    const init = await rawRequest(http.server.url, {
      body: INITIALIZE,
      headers: { authorization: `Bearer ${owner}` },
    });
    const sessionId = init.headers.get("mcp-session-id") ?? "";

    const hijack = await rawRequest(http.server.url, {
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
      headers: { authorization: `Bearer ${http.token("other")}`, "mcp-session-id": sessionId },
    });

    expect(init.status).toBe(200);
    expect(hijack.status).toBe(403);
  });

  it("GIVEN a loopback server WHEN Host or Origin names a foreign site THEN 403, and localhost names are accepted", async () => {
    const http = await startServer({ noAuth: true });
    const port = http.server.port;
    const foreignHost = await rawHttp(port, { host: "evil.example.com" });
    const foreignOrigin = await rawHttp(port, {
      host: `127.0.0.1:${port}`,
      origin: "http://evil.example.com",
    });
    const local = await rawHttp(port, {
      host: `localhost:${port}`,
      origin: `http://localhost:${port}`,
    });

    expect(foreignHost).toBe(403);
    expect(foreignOrigin).toBe(403);
    expect(local).toBe(200);
  });

  it("GIVEN a loopback server WHEN Origin is another port, scheme or loopback name than the request's own THEN 403, and only the exact origin is accepted", async () => {
    const http = await startServer({ noAuth: true });
    const port = http.server.port;
    const host = `127.0.0.1:${port}`;

    const otherPort = await rawHttp(port, { host, origin: "http://localhost:8080" });
    const otherScheme = await rawHttp(port, { host, origin: `https://127.0.0.1:${port}` });
    const otherName = await rawHttp(port, { host, origin: `http://localhost:${port}` });
    const opaque = await rawHttp(port, { host, origin: "null" });
    const own = await rawHttp(port, { host, origin: `http://127.0.0.1:${port}` });
    const behindTls = await rawHttp(port, {
      host,
      origin: `https://127.0.0.1:${port}`,
      "x-forwarded-proto": "https",
    });

    expect([otherPort, otherScheme, otherName, opaque]).toEqual([403, 403, 403, 403]);
    expect([own, behindTls]).toEqual([200, 200]);
  });

  it("GIVEN a 20 MB body WHEN it is posted with or without Content-Length THEN 413 before the body is read", async () => {
    const http = await startServer({ noAuth: true });
    const port = http.server.port;

    expect(await postLarge(port, 20 * 1024 * 1024, true)).toBe(413);
    expect(await postLarge(port, 20 * 1024 * 1024, false)).toBe(413);
    const health = await fetch(http.server.url.replace("/mcp", "/healthz"));
    expect(health.status).toBe(200);
  });

  it("GIVEN --no-auth on an address other people can reach WHEN starting THEN it is refused before listening", async () => {
    const started = await startHttpServer({
      host: "0.0.0.0",
      port: 0,
      noAuth: true,
      log: () => {},
    });

    expect(started).toMatchObject({ ok: false, code: "invalid_setting" });
  });

  it("GIVEN another process holds the registry's write lock for a moment WHEN a client authenticates and adds a source THEN both wait and succeed", async () => {
    const http = await startServer();
    const client = await http.connect(http.token("ci"));
    const holder = spawn(process.execPath, [lockHolder, http.registryPath, "1500"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    // Listened for before anything can end: the holder may exit before the call returns.
    const closed = once(holder, "close");
    let output = "";
    holder.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    while (!output.includes("locked")) await once(holder.stdout, "data");

    const added = await client.callTool({
      name: "openspec_source_add",
      arguments: { path: makeOpenSpecRepository(), name: "api" },
    });
    const answeredAt = Date.now();
    await closed;

    // The add waited for the other writer to let go instead of failing or skipping the lock.
    const releasingAt = Number(/releasing at (\d+)/.exec(output)?.[1]);
    expect(answeredAt).toBeGreaterThanOrEqual(releasingAt);
    expect(added.structuredContent).toMatchObject({ ok: true, source: { name: "api" } });
  });
});

/** An initialize with hand-set Host and Origin headers, which fetch does not allow. */
function rawHttp(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port,
        path: "/mcp",
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on("error", reject);
    sent.end(INITIALIZE);
  });
}

/** Streams `size` bytes; resolves with the status as soon as the server answers. */
function postLarge(port: number, size: number, declareLength: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port,
        path: "/mcp",
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(declareLength ? { "content-length": String(size) } : {}),
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    // The server closes the connection mid-upload; that is the point.
    sent.on("error", (error) => (sent.writableEnded ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    const pump = (): void => {
      while (written < size) {
        written += chunk.length;
        if (!sent.write(chunk)) {
          sent.once("drain", pump);
          return;
        }
      }
      sent.end();
    };
    pump();
  });
}
