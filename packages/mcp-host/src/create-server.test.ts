import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { type Catalog, cliToolNames, createCatalog, toolCatalog } from "@org/openspec-core";
import {
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it } from "vitest";
import { createServer, type OpenSpecMcpServer } from "./create-server.js";
import { serverEnvironment } from "./test-support/sandbox.js";

const opened: { server: OpenSpecMcpServer; client: Client }[] = [];

afterEach(async () => {
  for (const { server, client } of opened.splice(0)) {
    await client.close();
    await server.close();
  }
  removeTemporaryFolders();
});

/** The server in this process, connected to an SDK client through a linked in-memory pair. */
async function connect(server: OpenSpecMcpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client(
    { name: "in-process", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  opened.push({ server, client });
  return client;
}

function catalogInIsolation(extra: Record<string, string> = {}): { catalog: Catalog; db: string } {
  const { home, env } = serverEnvironment({ extra });
  return {
    catalog: createCatalog({ env, home, cliDiscoveryTtlMs: 0 }),
    db: env.OPENSPEC_AGENT_DB ?? "",
  };
}

describe("createServer", () => {
  it("GIVEN a catalog whose call throws WHEN a tool is called THEN the client gets an internal_error result and the server keeps answering", async () => {
    const { catalog } = catalogInIsolation();
    const broken: Catalog = {
      ...catalog,
      call: () => Promise.reject(new Error("handler bug")),
    };
    const logged: string[] = [];
    const client = await connect(
      await createServer({ catalog: broken, log: (line) => logged.push(line) }),
    );

    const result = await client.callTool({ name: "openspec_source_list", arguments: {} });

    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      ok: false,
      code: "internal_error",
      error: expect.stringContaining("handler bug"),
    });
    expect(logged.join("\n")).toContain("openspec_source_list threw");
    expect((await client.listTools()).tools).toHaveLength(toolCatalog.length - cliToolNames.length);
    catalog.close();
  });

  it("GIVEN the CLI appears and disappears WHEN availability is checked twice each time THEN exactly one list_changed is sent per change", async () => {
    const binDir = join(temporaryFolder("late-bin-"), "bin");
    const { catalog } = catalogInIsolation({ OPENSPEC_BIN: join(binDir, "openspec") });
    const server = await createServer({ catalog, availabilityCheckMs: 3_600_000 });
    const client = await connect(server);
    let notifications = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notifications += 1;
    });

    mkdirSync(binDir);
    symlinkSync(REAL_OPENSPEC_BIN, join(binDir, "openspec"));
    expect(await server.checkAvailability()).toBe(true);
    expect(await server.checkAvailability()).toBe(false);
    expect((await client.listTools()).tools).toHaveLength(toolCatalog.length);
    rmSync(binDir, { recursive: true });
    expect(await server.checkAvailability()).toBe(true);
    expect((await client.listTools()).tools).toHaveLength(toolCatalog.length - cliToolNames.length);

    expect(notifications).toBe(2);
    catalog.close();
  });

  it("GIVEN the server made its own catalog WHEN it closes THEN the registry file is closed too", async () => {
    const { home, env } = serverEnvironment();
    const server = await createServer({ catalogOptions: { env, home } });
    const client = await connect(server);
    await client.callTool({
      name: "openspec_source_add",
      arguments: { path: makeOpenSpecRepository() },
    });
    expect(existsSync(`${env.OPENSPEC_AGENT_DB}-wal`)).toBe(true);

    await server.close();

    expect(existsSync(`${env.OPENSPEC_AGENT_DB}-wal`)).toBe(false);
  });

  it("GIVEN the caller's catalog WHEN the server closes THEN the catalog stays open for the caller", async () => {
    const { catalog, db } = catalogInIsolation();
    const server = await createServer({ catalog });
    const client = await connect(server);
    await client.callTool({
      name: "openspec_source_add",
      arguments: { path: makeOpenSpecRepository() },
    });

    await server.close();

    expect(existsSync(`${db}-wal`)).toBe(true);
    expect(await catalog.call("openspec_source_list", {})).toMatchObject({ ok: true, total: 1 });
    catalog.close();
    expect(existsSync(`${db}-wal`)).toBe(false);
  });
});
