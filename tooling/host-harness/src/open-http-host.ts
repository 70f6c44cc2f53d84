import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { callThroughMcpClient } from "./call-through-mcp-client.js";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";
import { MCP_BIN } from "./open-mcp-host.js";

/**
 * The MCP server over Streamable HTTP (`openspec-mcp --http --port 0
 * --no-auth` on 127.0.0.1), driven by the SDK's own HTTP client: the same
 * catalog as the stdio host, through sessions, SSE and the HTTP checks.
 */
export async function openHttpHost({ env, cwd, firstRun }: HostOptions): Promise<HostUnderTest> {
  const definedEnv = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const server = spawn(
    process.execPath,
    [
      MCP_BIN,
      "--http",
      "--host",
      "127.0.0.1",
      "--port",
      "0",
      "--no-auth",
      ...(firstRun ? [] : ["--toolsets", "all"]),
    ],
    { env: definedEnv, cwd, stdio: ["ignore", "ignore", "pipe"] },
  );
  const url = await listeningUrl(server.stderr);
  const client = new Client({ name: "openspec-reliability-suite", version: "0.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  // The client learns the tools' output schemas from the list and then checks every answer against them.
  await client.listTools();
  return {
    name: "http",
    call: (tool, args) => callThroughMcpClient(client, tool, args),
    listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    hostPid: async () => server.pid,
    async close() {
      await client.close();
      if (server.exitCode === null && server.signalCode === null) {
        const exited = once(server, "exit");
        server.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** The URL the server logs once it listens; it keeps draining stderr afterwards. */
async function listeningUrl(stderr: NodeJS.ReadableStream): Promise<string> {
  const log: string[] = [];
  const lines = createInterface({ input: stderr });
  for await (const line of lines) {
    log.push(line);
    const url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1];
    if (url !== undefined) {
      lines.on("line", () => {});
      return url;
    }
  }
  throw new Error(`openspec-mcp --http did not start: ${log.join("\n")}`);
}
