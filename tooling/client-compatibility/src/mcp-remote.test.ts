import { createRequire } from "node:module";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { SpawnedHttpServer } from "@org/host-harness";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoHome, demoHome } from "./test-support/demo-home.js";
import { requireBuiltServer } from "./test-support/server-bin.js";
import { sessionCount } from "./test-support/session-count.js";
import { serveDemoHome } from "./test-support/use-demo-server.js";
import { expectTheDemoAnswers, useLikeAnApp } from "./test-support/use-like-an-app.js";
import { REPORT_EXIT, watchExits } from "./test-support/watch-exits.js";

// mcp-remote is the stdio bridge Claude Desktop users put in front of an HTTP
// server: the desktop app starts `npx mcp-remote <url> --header ...` and speaks
// stdio to it, and the bridge speaks Streamable HTTP (MCP 2025-11-25) to us.
const require = createRequire(import.meta.url);
const BRIDGE = join(require.resolve("mcp-remote/package.json"), "..", "dist", "proxy.js");

let home: DemoHome;
let token: string;
const servers: SpawnedHttpServer[] = [];

beforeAll(() => {
  requireBuiltServer();
  home = demoHome();
  token = home.token("claude-desktop");
});

afterEach(async () => {
  for (const server of servers.splice(0)) expect(await server.stop()).toBe(0);
});

afterAll(() => removeTemporaryFolders());

/**
 * A desktop app's stdio client (the MCP SDK's 2025 client) through the bridge,
 * configured as mcp-remote's README says for a header with a space:
 * `--header "Authorization:${AUTH_HEADER}"` with the value in the environment.
 * `gone()` resolves once the bridge process has exited.
 */
async function connectThroughBridge(url: string) {
  const exits = await watchExits();
  const transport = new StdioClientTransport({
    command: process.execPath,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote fills in ${AUTH_HEADER} itself
    args: ["--require", REPORT_EXIT, BRIDGE, url, "--header", "Authorization:${AUTH_HEADER}"],
    env: { ...home.env, ...exits.env, AUTH_HEADER: `Bearer ${token}` },
    stderr: "pipe",
  });
  let bridgeLog = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    bridgeLog += chunk.toString("utf8");
  });
  const client = new Client({ name: "desktop-app", version: "0" });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`mcp-remote did not connect: ${String(error)}\n${bridgeLog}`);
  }
  return {
    client,
    log: () => bridgeLog,
    async gone(what: string) {
      await exits.allGone(what);
      await exits.close();
    },
  };
}

describe("mcp-remote (the stdio bridge of Claude Desktop users) with openspec-mcp --http", () => {
  it("GIVEN the server over HTTP with a token WHEN a stdio client lists, calls, reads and closes through the bridge THEN it negotiates 2025-11-25, every answer arrives whole, bad input is a tool result, and the bridge exits", async () => {
    const server = await serveDemoHome(home);
    servers.push(server);
    const bridge = await connectThroughBridge(server.url);

    const seen = await useLikeAnApp(bridge.client);
    const capabilities = bridge.client.getServerCapabilities();
    await bridge.client.close();

    expect(bridge.log()).toContain('"protocolVersion": "2025-11-25"');
    expect(capabilities).toMatchObject({
      tools: { listChanged: true },
      resources: {},
      prompts: {},
    });
    expectTheDemoAnswers(seen);
    await bridge.gone("mcp-remote after its stdio client closed");
  });

  it("GIVEN a token allowed two sessions WHEN the desktop app starts the bridge, quits and starts it again THEN the second start connects too: the bridge ends without DELETE, and the sessions it left make room", async () => {
    // The bridge opens two sessions (its own first connection, then the client's initialize)
    // and ends both by closing its connections, never with DELETE.
    const server = await serveDemoHome(home, ["--max-sessions-per-token", "2"]);
    servers.push(server);

    const first = await connectThroughBridge(server.url);
    await first.client.close();
    await first.gone("the first mcp-remote after its client closed");
    const leftBehind = await sessionCount(server);
    const second = await connectThroughBridge(server.url);
    const answer = await second.client.callTool({
      name: "openspec_list",
      arguments: { source: "demo" },
    });
    await second.client.close();
    await second.gone("the second mcp-remote after its client closed");

    expect(leftBehind).toBe(2);
    expect(answer.structuredContent).toMatchObject({ ok: true });
    expect(server.log.join("\n")).toContain("its token needs room");
  });
});
