import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { toolCatalog } from "@org/openspec-core";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { describe, expect, it } from "vitest";
import { useHttpServers } from "./test-support/http-harness.js";

const startServer = useHttpServers();

/** An SDK client over HTTP with a bearer token, asking for every toolset. */
async function connectWith(url: string, secret: string): Promise<Client> {
  const client = new Client(
    { name: "output-schemas-test", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${secret}`, "X-OpenSpec-Toolsets": "all" } },
    }),
  );
  return client;
}

/** The names of the listed tools that carry an output schema. */
const withOutputSchema = async (client: Client): Promise<string[]> =>
  (await client.listTools()).tools
    .filter((tool) => tool.outputSchema !== undefined)
    .map((tool) => tool.name);

describe("GIVEN the HTTP server and the output-schema switch", () => {
  it("WHEN the operator turns output schemas off THEN no session of any token lists one, and calls still answer with structured content", async () => {
    const http = await startServer({ outputSchemas: false });
    const writer = await connectWith(http.server.url, http.token("laptop"));
    const reader = await connectWith(http.server.url, http.token("reader", true));
    try {
      expect(await withOutputSchema(writer)).toEqual([]);
      expect(await withOutputSchema(reader)).toEqual([]);
      const answer = await reader.callTool({ name: "openspec_source_list", arguments: {} });
      expect(answer.structuredContent).toMatchObject({ ok: true, sources: [] });
    } finally {
      await Promise.allSettled([writer.close(), reader.close()]);
    }
  });

  it("WHEN the operator says nothing THEN every tool a session lists has its output schema", async () => {
    const http = await startServer();
    const client = await connectWith(http.server.url, http.token("laptop"));
    try {
      expect(await withOutputSchema(client)).toEqual(toolCatalog.map((tool) => tool.name));
    } finally {
      await client.close();
    }
  });
});
