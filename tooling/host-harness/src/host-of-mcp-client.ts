import type { HostAnswer, HostName, HostUnderTest } from "./host-under-test.js";

/** A connected MCP client of either SDK, as a host uses it. */
export type McpClientParts = {
  call: (tool: string, args: unknown) => Promise<HostAnswer>;
  listTools: () => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * A host on a connected MCP client: `server` is what knows the server's
 * process id (the stdio transport, or the spawned process), and `stop` (for a
 * server the host started itself) ends it once the client has closed.
 */
export async function hostOfMcpClient(
  name: HostName,
  client: McpClientParts,
  server: { readonly pid?: number | null | undefined },
  stop?: () => Promise<unknown>,
): Promise<HostUnderTest> {
  // The client learns the tools' output schemas from the list and then checks every answer against them.
  await client.listTools();
  return {
    name,
    call: client.call,
    listTools: client.listTools,
    hostPid: async () => server.pid ?? undefined,
    async close() {
      await client.close();
      await stop?.();
    },
  };
}
