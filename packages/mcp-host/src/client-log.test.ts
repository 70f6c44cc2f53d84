import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  EmptyResultSchema,
  type LoggingMessageNotification,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { type Catalog, createCatalog } from "@org/openspec-core";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it } from "vitest";
import { createServer, type OpenSpecMcpServer } from "./create-server.js";
import { serverEnvironment } from "./test-support/sandbox.js";

const opened: { server: OpenSpecMcpServer; client: Client; catalog: Catalog }[] = [];

afterEach(async () => {
  for (const { server, client, catalog } of opened.splice(0)) {
    await client.close();
    await server.close();
    catalog.close();
  }
  removeTemporaryFolders();
});

/** A server on its own catalog, a connected client, and every log message the client got. */
async function connected(extraEnv: Record<string, string> = {}) {
  const { home, env } = serverEnvironment({ extra: extraEnv });
  const catalog = createCatalog({ env, home, cliDiscoveryTtlMs: 0 });
  const stderr: string[] = [];
  const server = await createServer({
    catalog,
    availabilityCheckMs: 3_600_000,
    log: (line) => stderr.push(line),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client(
    { name: "in-process", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  opened.push({ server, client, catalog });
  const messages: LoggingMessageNotification["params"][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    messages.push(notification.params);
  });
  return { server, client, messages, stderr };
}

/** A round trip: every notification sent before it has been handled once it returns. */
const settle = (client: Client) => client.ping();

describe("MCP logging", () => {
  it("GIVEN a connected client WHEN it initialises THEN the server advertises logging", async () => {
    const { client } = await connected();

    expect(client.getServerCapabilities()?.logging).toEqual({});
  });

  it("GIVEN the CLI appears while a client is connected WHEN availability is checked THEN the log line reaches stderr and arrives as notifications/message from logger openspec", async () => {
    const binDir = join(temporaryFolder("late-bin-"), "bin");
    const { server, client, messages, stderr } = await connected({
      OPENSPEC_BIN: join(binDir, "openspec"),
    });
    mkdirSync(binDir);
    symlinkSync(REAL_OPENSPEC_BIN, join(binDir, "openspec"));

    expect(await server.checkAvailability()).toBe(true);
    await settle(client);

    const line = stderr.find((entry) => entry.startsWith("OpenSpec CLI found at"));
    expect(line).toBeDefined();
    expect(messages).toContainEqual({ level: "info", logger: "openspec", data: line });
  });

  it("GIVEN no logging/setLevel yet WHEN the server logs at debug and at info THEN the client hears info only, and stderr both", async () => {
    const { server, client, messages, stderr } = await connected();

    server.log("debug", "a detail");
    server.log("info", "an event");
    await settle(client);

    expect(messages.map((message) => message.data)).toEqual(["an event"]);
    expect(stderr).toEqual(expect.arrayContaining(["a detail", "an event"]));
  });

  it("GIVEN the client set the level to error WHEN the server logs a warning and an error THEN only the error arrives", async () => {
    const { server, client, messages } = await connected();

    await client.setLoggingLevel("error");
    server.log("warning", "protocol error: a bad line");
    server.log("error", "closing failed");
    server.log("emergency", "the sky fell");
    await settle(client);

    expect(messages.map((message) => [message.level, message.data])).toEqual([
      ["error", "closing failed"],
      ["emergency", "the sky fell"],
    ]);
  });

  it("GIVEN the client set the level to debug WHEN the server logs at debug THEN it arrives", async () => {
    const { server, client, messages } = await connected();

    await client.setLoggingLevel("debug");
    server.log("debug", "a detail");
    await settle(client);

    expect(messages).toEqual([{ level: "debug", logger: "openspec", data: "a detail" }]);
  });

  it("GIVEN a level the spec does not name WHEN the client sets it THEN the request fails with invalid params and the level stays", async () => {
    const { server, client, messages } = await connected();

    await expect(
      client.request(
        { method: "logging/setLevel", params: { level: "verbose" } },
        EmptyResultSchema,
      ),
    ).rejects.toThrow(/-32602|level/);
    server.log("info", "still at info");
    await settle(client);

    expect(messages.map((message) => message.data)).toEqual(["still at info"]);
  });

  it("GIVEN a multi-line event WHEN it is logged THEN the client gets it folded onto one line, as stderr does", async () => {
    const { server, client, messages } = await connected();

    server.log("error", "tool threw: Error: boom\n    at handler (file.ts:1:1)");
    await settle(client);

    expect(messages[0]?.data).toBe("tool threw: Error: boom at handler (file.ts:1:1)");
  });
});
