import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { connectModernClient } from "./connect-modern-client.js";
import { hostOfMcpClient } from "./host-of-mcp-client.js";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";
import { spawnHttpServer } from "./spawn-http-server.js";

/**
 * The MCP server over HTTP at the 2026-07-28 revision: the SDK v2 client
 * pinned to it, so every request stands alone (its own `_meta`, no session,
 * no `initialize`), against the same `openspec-mcp --http` a 2025 client uses.
 */
export async function openHttpHost2026(options: HostOptions): Promise<HostUnderTest> {
  const { server, url, stop } = await spawnHttpServer(options);
  const client = await connectModernClient(new StreamableHTTPClientTransport(new URL(url)));
  return hostOfMcpClient("http-2026", client, server, stop);
}
