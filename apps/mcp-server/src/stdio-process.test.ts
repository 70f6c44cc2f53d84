import { existsSync } from "node:fs";
import { toolCatalog } from "@org/openspec-core";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { spawnRawServer } from "./test-support/raw-server.js";
import { serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

function isJsonRpcMessage(line: string): boolean {
  const message: unknown = JSON.parse(line);
  return (
    typeof message === "object" &&
    message !== null &&
    "jsonrpc" in message &&
    message.jsonrpc === "2.0"
  );
}

describe("GIVEN the built server as a child process", () => {
  it("WHEN a client initializes, lists tools and calls one THEN every line on stdout is a JSON-RPC 2.0 message", async () => {
    const server = spawnRawServer(serverEnvironment({ cli: true }).env);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(await server.response(1)).toMatchObject({ result: { tools: expect.any(Array) } });
    expect(await server.callTool(2, "openspec_source_list", {})).toMatchObject({
      result: { structuredContent: { ok: true, total: 0 } },
    });
    server.child.stdin.end();
    expect(await server.exited()).toEqual({ code: 0, signal: null });
    expect(server.stdoutLines.length).toBeGreaterThanOrEqual(3);
    expect(server.stdoutLines.every(isJsonRpcMessage)).toBe(true);
    expect(server.stderr()).toContain(
      `serving ${toolCatalog.length} of ${toolCatalog.length} tools`,
    );
  });

  it("WHEN a client initializes THEN the first line it reads is the answer to initialize, not a log message sent before it asked", async () => {
    const server = spawnRawServer(serverEnvironment({ cli: false }).env);
    await server.initialize();
    server.child.stdin.end();
    await server.exited();
    expect(server.stderr()).toContain("serving");
    expect(JSON.parse(server.stdoutLines[0] ?? "null")).toMatchObject({
      id: expect.anything(),
      result: {},
    });
  });

  it("WHEN malformed lines and a 5 MB argument arrive THEN the server answers the oversized call with an error and keeps serving", async () => {
    const server = spawnRawServer(serverEnvironment({ cli: false }).env);
    await server.initialize();
    server.write("this is not json\n");
    server.write('{"jsonrpc":"2.0","id":"half"\n');
    server.write('{"not":"a json-rpc message"}\n');
    server.send({ jsonrpc: "2.0", id: 1, method: "no/such/method" });
    server.send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "openspec_context", arguments: { identifier: "x".repeat(5 * 1024 * 1024) } },
    });
    server.send({ jsonrpc: "2.0", id: 3, method: "tools/list" });
    expect(await server.response(1)).toMatchObject({ error: { code: -32601 } });
    expect(await server.response(2)).toMatchObject({ result: { isError: true } });
    expect(await server.response(3)).toMatchObject({ result: { tools: expect.any(Array) } });
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).toContain("protocol error");
    server.child.stdin.end();
    expect(await server.exited()).toEqual({ code: 0, signal: null });
  });

  it("WHEN a message fails the protocol's validation THEN every log event on stderr is one line with the server's prefix", async () => {
    const server = spawnRawServer(serverEnvironment({ cli: false }).env);
    await server.initialize();
    // The SDK reports this with a multi-line dump of every union branch it tried.
    server.write('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":"bad"}\n');
    server.write('{"foo":1}\n');
    server.send({ jsonrpc: "2.0", id: 3, method: "tools/list" });
    expect(await server.response(3)).toMatchObject({ result: { tools: expect.any(Array) } });
    server.child.stdin.end();
    expect(await server.exited()).toEqual({ code: 0, signal: null });
    const lines = server.stderr().trimEnd().split("\n");
    expect(server.stderr()).toContain("protocol error");
    expect(lines.filter((line) => !line.startsWith("[openspec-mcp] "))).toEqual([]);
  });

  it.each([
    ["stdin closes", "stdin closed"],
    ["it gets SIGTERM", "SIGTERM"],
    ["it gets SIGINT", "SIGINT"],
  ] as const)(
    "GIVEN a source was just added WHEN %s THEN the server exits with 0 and has closed the registry file",
    async (_when, reason) => {
      const { env } = serverEnvironment({ cli: false });
      const server = spawnRawServer(env);
      await server.initialize();
      const added = await server.callTool(1, "openspec_source_add", {
        path: makeOpenSpecRepository(),
      });
      expect(added).toMatchObject({ result: { structuredContent: { ok: true } } });
      // The registry runs in WAL mode; SQLite folds the -wal file back only on a clean close.
      expect(existsSync(`${env.OPENSPEC_AGENT_DB}-wal`)).toBe(true);

      if (reason === "stdin closed") server.child.stdin.end();
      else server.child.kill(reason);

      expect(await server.exited()).toEqual({ code: 0, signal: null });
      expect(existsSync(`${env.OPENSPEC_AGENT_DB}-wal`)).toBe(false);
      expect(server.stderr()).toContain(`stopping: ${reason}`);
    },
  );
});
