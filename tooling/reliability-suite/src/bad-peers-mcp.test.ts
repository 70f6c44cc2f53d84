import { randomBytes } from "node:crypto";
import { MCP_BIN, openMcpHost } from "@org/host-harness";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { hangingFake } from "./fake-cli/hanging-fake.js";
import { recordFigure } from "./figures/record-figure.js";
import { type JsonLinePeer, startJsonLinePeer } from "./processes/json-line-peer.js";
import { killRecordedFake } from "./processes/kill-recorded-fake.js";
import { isGone, liveDescendants, peakRssBytes } from "./processes/process-state.js";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

/** The MCP SDK's stdio transport refuses to buffer more than this. */
const SDK_LIMIT_BYTES = 10 * 1024 * 1024;
const MB = 1024 * 1024;

const pidFiles: string[] = [];
afterEach(() => {
  for (const file of pidFiles.splice(0)) killRecordedFake(file);
  removeTemporaryFolders();
});

const line = (message: unknown) => `${JSON.stringify(message)}\n`;
const request = (id: string, method: string, params: Record<string, unknown> = {}) =>
  line({ jsonrpc: "2.0", id, method, params });

/** Starts the server as an MCP host would and completes the handshake. */
async function startServer(sandbox: Sandbox): Promise<JsonLinePeer> {
  const server = startJsonLinePeer(process.execPath, [MCP_BIN], {
    env: sandbox.env,
    cwd: sandbox.home,
  });
  await server.write(
    request("init", "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "bad-peer", version: "0" },
    }),
  );
  expect(await server.answer("init")).toMatchObject({
    result: { serverInfo: { name: "openspec" } },
  });
  await server.write(line({ jsonrpc: "2.0", method: "notifications/initialized" }));
  return server;
}

/** A tools/call line padded with one long argument to exactly `bytes` bytes. */
function callOfSize(id: string, bytes: number): string {
  const empty = request(id, "tools/call", {
    name: "openspec_context",
    arguments: { identifier: "" },
  });
  return request(id, "tools/call", {
    name: "openspec_context",
    arguments: { identifier: "a".repeat(bytes - Buffer.byteLength(empty)) },
  });
}

describe("the MCP server meets a bad peer", () => {
  it("GIVEN malformed JSON-RPC, binary garbage, deep nesting and a message just under its 10 MiB limit WHEN they arrive between requests THEN every request is answered, stdout carries only JSON-RPC, and it keeps serving", async () => {
    const sandbox = makeSandbox();
    const server = await startServer(sandbox);
    const garbage = [
      "this is not json\n",
      "{\n",
      "[]\n",
      "null\n",
      "{}\n",
      line({ jsonrpc: "2.0" }),
      line({ jsonrpc: "1.0", id: "old", method: "ping" }),
      line({ jsonrpc: "2.0", id: { object: true }, method: "ping" }),
      line({ jsonrpc: "2.0", id: "params", method: "tools/call", params: "not an object" }),
      line({ jsonrpc: "2.0", id: "noname", method: "tools/call", params: { arguments: {} } }),
      Buffer.concat([
        randomBytes(256 * 1024).map((byte) => (byte === 10 ? 32 : byte)),
        Buffer.from("\n"),
      ]),
      Buffer.from([0xff, 0xfe, 0x00, 0x0a]),
      `${"[".repeat(200_000)}${"]".repeat(200_000)}\n`,
      `{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{"name":"openspec_context","arguments":{"identifier":${"[".repeat(5000)}${"]".repeat(5000)}}}}\n`,
    ];
    for (const chunk of garbage) expect(await server.write(chunk)).toBe(true);
    await server.write(request("unknown", "no/such/method"));
    expect(await server.answer("unknown")).toMatchObject({ error: { code: -32601 } });
    await server.write(callOfSize("near-limit", SDK_LIMIT_BYTES - 4096));
    expect(await server.answer("near-limit")).toMatchObject({ result: { isError: true } });
    await server.write(request("ping", "ping"));
    expect(await server.answer("ping")).toMatchObject({ result: {} });
    await server.write(
      request("list", "tools/call", { name: "openspec_source_list", arguments: {} }),
    );
    expect(await server.answer("list")).toMatchObject({
      result: { structuredContent: { ok: true } },
    });
    expect(server.strayLines).toEqual([]);
    recordFigure(
      "bad peers mcp",
      `peak RSS after a 10 MiB message ${((peakRssBytes(server.child.pid ?? 0) ?? 0) / MB).toFixed(1)} MB`,
    );
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it("GIVEN a message over its 10 MiB limit WHEN it arrives THEN the server either answers the next request or exits with code 0", async () => {
    const sandbox = makeSandbox();
    const server = await startServer(sandbox);
    await server.write(callOfSize("over-limit", SDK_LIMIT_BYTES + MB));
    await server.write(request("after", "ping"));
    const outcome = await Promise.race([
      server.answer("after").then(
        () => "answered" as const,
        () => "exited" as const,
      ),
      server.exited.then(() => "exited" as const),
    ]);
    recordFigure("bad peers mcp", `a message over the 10 MiB limit: the server ${outcome}`);
    if (outcome === "exited") expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.strayLines).toEqual([]);
  });

  it("GIVEN the server keeps warm OpenSpec workers after a few calls WHEN it is killed with SIGKILL THEN every process it started is gone", async () => {
    const sandbox = makeSandbox({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    await registerShop(sandbox);
    const client = await openMcpHost({ env: sandbox.env, cwd: sandbox.home });
    for (let call = 0; call < 3; call += 1) await client.call("openspec_list", { source: "shop" });
    const serverPid = (await client.hostPid()) ?? 0;
    // The server keeps workers that have loaded the CLI (core's warm pool): they must die with it.
    expect(await waitFor(() => liveDescendants(serverPid).length > 0, EVENTUALLY_MS)).toBe(true);
    const started = [serverPid, ...liveDescendants(serverPid)];
    process.kill(serverPid, "SIGKILL");
    expect(await waitFor(() => started.every(isGone), EVENTUALLY_MS)).toBe(true);
    await client.close().catch(() => {});
  });

  describe.each([
    // The server answers every request it received before stdin closed: the call
    // ends when its CLI times out (kept short here: stdin closes within milliseconds of the
    // CLI's start being seen, so 5 s still has it closed long before the timeout), then the
    // server exits.
    {
      how: "its client closes stdin",
      end: (server: JsonLinePeer) => server.child.stdin.end(),
      cliTimeoutMs: "5000",
      answered: true,
    },
    {
      how: "it gets SIGTERM",
      end: (server: JsonLinePeer) => server.child.kill("SIGTERM"),
      cliTimeoutMs: "60000",
      answered: false,
    },
    {
      how: "a message over its limit arrives",
      end: (server: JsonLinePeer) => server.write(callOfSize("too-big", SDK_LIMIT_BYTES + MB)),
      cliTimeoutMs: "60000",
      answered: false,
    },
  ])("GIVEN a call whose OpenSpec CLI never finishes", ({ how, end, cliTimeoutMs, answered }) => {
    // The CLI runs in a process group of its own; the runner kills the groups still running when its host exits.
    it(`WHEN ${how} THEN ${answered ? "the call is answered when its CLI times out, " : ""}the server exits with code 0 and the CLI and its child are gone`, async () => {
      const fake = hangingFake();
      pidFiles.push(fake.pidFile);
      const sandbox = makeSandbox({
        OPENSPEC_BIN: fake.bin,
        // The fake reports host pids and logs beside the repository: process mechanics, not confinement.
        OPENSPEC_AGENT_CONFINE: "off",
        OPENSPEC_AGENT_CLI_TIMEOUT_MS: cliTimeoutMs,
      });
      await registerShop(sandbox);
      const server = await startServer(sandbox);
      await server.write(
        request("hang", "tools/call", { name: "openspec_list", arguments: { source: "shop" } }),
      );
      expect(await waitFor(() => fake.pids().length === 2, EVENTUALLY_MS)).toBe(true);
      await end(server);
      if (answered) {
        expect(await server.answer("hang", 120_000)).toMatchObject({
          result: { structuredContent: { ok: false, code: "timeout" } },
        });
      }
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(await waitFor(() => fake.pids().every(isGone), EVENTUALLY_MS)).toBe(true);
    });
  });
});
