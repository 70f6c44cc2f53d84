import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { spawnRawServer } from "./test-support/raw-server.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

/**
 * Every stdout line of one session: the `messages` sent one at a time, each
 * request's answer awaited before the next, then a ping (which only the SDK
 * answers, so the server has surely taken over), then stdin closed. `early`
 * runs the published bin (the bundle, answering early); otherwise the built
 * server with the early answers off.
 */
async function session(messages: Record<string, unknown>[], early: boolean): Promise<string[]> {
  const { env } = serverEnvironment({
    cli: true,
    extra: early ? {} : { OPENSPEC_MCP_EARLY_ANSWERS: "0" },
  });
  const server = early ? spawnRawServer(env, [], PUBLISHED_BIN) : spawnRawServer(env);
  for (const message of messages) {
    server.send(message);
    if (typeof message.id === "number") await server.response(message.id);
  }
  server.send({ jsonrpc: "2.0", id: 99, method: "ping" });
  await server.response(99);
  server.child.stdin.end();
  expect(await server.exited()).toEqual({ code: 0, signal: null });
  expect(server.stderr()).not.toContain("differs");
  return [...server.stdoutLines];
}

const initialize = (id: number, params: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params,
});
const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };
const listTools = (id: number, params?: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/list",
  ...(params ? { params } : {}),
});
const clientInfo = { name: "early-test", version: "1.0.0" };

describe("GIVEN the built server answering initialize and tools/list before the SDK loads", () => {
  it.each([
    ["a bare client, current protocol", { protocolVersion: "2025-06-18", capabilities: {} }],
    [
      "an inspector-like client, latest protocol",
      {
        protocolVersion: "2025-11-25",
        capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } },
      },
    ],
    ["an old client", { protocolVersion: "2024-11-05", capabilities: { roots: {} } }],
    ["a client from the future", { protocolVersion: "2099-01-01", capabilities: {} }],
    [
      "a client with capabilities the early answers leave to the SDK",
      { protocolVersion: "2025-06-18", capabilities: { experimental: { x: {} } } },
    ],
  ])(
    "WHEN %s connects and lists the tools THEN it reads exactly what the SDK alone writes",
    async (_who, params) => {
      const messages = [initialize(1, { ...params, clientInfo }), initialized, listTools(2)];
      const early = await session(messages, true);
      const late = await session(messages, false);
      expect(early).toEqual(late);
      expect(early.filter((line) => line.includes('"id":2'))).toHaveLength(1);
    },
  );

  it("WHEN a client sends what the SDK refuses (bad params, a reused id, a cursor) THEN the answers are the SDK's own", async () => {
    const messages = [
      initialize(1, { protocolVersion: 7, capabilities: {}, clientInfo }),
      initialize(2, { protocolVersion: "2025-06-18", capabilities: {}, clientInfo }),
      listTools(2),
      listTools(3, { cursor: "next" }),
      listTools(4, { cursor: 5 }),
    ];
    expect(await session(messages, true)).toEqual(await session(messages, false));
  });
});
