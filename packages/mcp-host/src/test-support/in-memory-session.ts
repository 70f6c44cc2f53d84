import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Catalog } from "@org/openspec-core";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import {
  type CreateServerOptions,
  createServer,
  type OpenSpecMcpServer,
} from "../create-server.js";

const opened: { server: OpenSpecMcpServer; client: Client }[] = [];

/**
 * A server over `catalog` and the SDK's client, linked in memory. `prepare`
 * runs before the client connects (notification handlers go there, so none
 * is missed); `options` set its subscription limits. Close them all with
 * `closeInMemorySessions` after each test.
 */
export async function openInMemorySession(
  catalog: Catalog,
  prepare?: (client: Client) => void,
  options: Pick<CreateServerOptions, "maxSubscriptions" | "subscriptionBudget"> = {},
): Promise<{ server: OpenSpecMcpServer; client: Client }> {
  const server = await createServer({ catalog, log: () => {}, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client(
    { name: "in-process", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  prepare?.(client);
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  opened.push({ server, client });
  return { server, client };
}

export async function closeInMemorySessions(): Promise<void> {
  for (const { server, client } of opened.splice(0)) {
    await client.close();
    await server.close();
  }
}
