import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { connectLegacyClient } from "./connect-legacy-client.js";
import { hostOfMcpClient } from "./host-of-mcp-client.js";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";
import { spawnHttpServer } from "./spawn-http-server.js";

/**
 * The MCP server over Streamable HTTP (`openspec-mcp --http --port 0
 * --no-auth` on 127.0.0.1), driven by the SDK's own HTTP client: the same
 * catalog as the stdio host, through sessions, SSE and the HTTP checks.
 */
export async function openHttpHost(options: HostOptions): Promise<HostUnderTest> {
  const { server, url, stop } = await spawnHttpServer(options);
  const client = await connectLegacyClient(new StreamableHTTPClientTransport(new URL(url)));
  return hostOfMcpClient("http", client, server, stop);
}
