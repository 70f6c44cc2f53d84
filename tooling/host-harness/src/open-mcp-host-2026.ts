import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { connectModernClient } from "./connect-modern-client.js";
import { hostOfMcpClient } from "./host-of-mcp-client.js";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";
import { stdioServer } from "./open-mcp-host.js";

/**
 * The SDK's stdio transport under another name. The v2 client, pinned to a
 * revision, sends its opening `server/discover` on a sibling process it spawns
 * for that alone when the transport is the SDK's own class; on a subclass it
 * sends it on the server it talks to, as a host spawning one server does.
 */
class ServerStdioTransport extends StdioClientTransport {}

/**
 * The MCP server over real stdio at the 2026-07-28 revision: the SDK v2
 * client pinned to it, so every request carries its own `_meta` and no
 * `initialize` is ever sent.
 */
export async function openMcpHost2026(options: HostOptions): Promise<HostUnderTest> {
  const transport = new ServerStdioTransport(stdioServer(options));
  return hostOfMcpClient("mcp-2026", await connectModernClient(transport), transport);
}
