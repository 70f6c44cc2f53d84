import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { toolCatalog, toolsets } from "@org/openspec-core";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { describe, expect, it } from "vitest";
import { INITIALIZE, rawRequest, useHttpServers } from "./test-support/http-harness.js";

const startServer = useHttpServers();

const toolsOf = (...names: string[]): string[] => {
  const wanted = new Set(
    toolsets.filter((set) => names.includes(set.name)).flatMap((set) => set.tools),
  );
  return toolCatalog.filter((tool) => wanted.has(tool.name)).map((tool) => tool.name);
};

/** An SDK client over HTTP that sends `headers` with every request. */
async function connectWith(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client(
    { name: "toolsets-test", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

describe("GIVEN the HTTP server with toolsets", () => {
  it("WHEN the server's default is read and a client sends X-OpenSpec-Toolsets THEN each session lists its own toolsets", async () => {
    const http = await startServer({ toolsets: "read" });
    const secret = http.token("laptop");
    const plain = await connectWith(http.server.url, { authorization: `Bearer ${secret}` });
    const chosen = await connectWith(http.server.url, {
      authorization: `Bearer ${secret}`,
      "X-OpenSpec-Toolsets": "sources,lifecycle",
    });
    try {
      expect((await plain.listTools()).tools.map((tool) => tool.name)).toEqual(toolsOf("read"));
      expect((await chosen.listTools()).tools.map((tool) => tool.name)).toEqual(
        toolsOf("lifecycle", "sources"),
      );
      const refused = await plain.callTool({
        name: "openspec_source_remove",
        arguments: { source: "nowhere" },
      });
      expect(refused.structuredContent).toMatchObject({ ok: false, code: "tool_unavailable" });
      const answered = await chosen.callTool({
        name: "openspec_source_remove",
        arguments: { source: "nowhere" },
      });
      expect(answered.structuredContent).toMatchObject({ ok: false, code: "source_not_found" });
    } finally {
      await Promise.allSettled([plain.close(), chosen.close()]);
    }
  });

  it("WHEN one session has the default toolsets and another adds sources THEN each one's instructions name only tools it is offered", async () => {
    const http = await startServer({ toolsets: "default" });
    const secret = http.token("laptop");
    const plain = await connectWith(http.server.url, { authorization: `Bearer ${secret}` });
    const withSources = await connectWith(http.server.url, {
      authorization: `Bearer ${secret}`,
      "X-OpenSpec-Toolsets": "default,sources",
    });
    try {
      const offered = (await plain.listTools()).tools.map((tool) => tool.name);
      expect(offered).not.toContain("openspec_source_add");
      const instructions = plain.getInstructions() ?? "";
      // Every tool the instructions name is one the session lists.
      for (const named of instructions.match(/openspec_\w+/g) ?? []) {
        expect(offered, `the instructions name ${named}`).toContain(named);
      }
      expect(instructions).toContain("absolute path in the `workdir` argument");
      expect(withSources.getInstructions()).toContain("openspec_source_add");
    } finally {
      await Promise.allSettled([plain.close(), withSources.close()]);
    }
  });

  it("WHEN a read-only token asks for all toolsets THEN it still sees only the tools that read", async () => {
    const http = await startServer();
    const client = await connectWith(http.server.url, {
      authorization: `Bearer ${http.token("reader", true)}`,
      "X-OpenSpec-Toolsets": "all",
    });
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
        toolCatalog
          .filter((tool) => tool.annotations.readOnlyHint || tool.servesReadOnly)
          .map((tool) => tool.name),
      );
    } finally {
      await client.close();
    }
  });

  it("WHEN the header names an unknown toolset THEN initialize is refused with 400 naming the valid ones", async () => {
    const http = await startServer();
    const answer = await rawRequest(http.server.url, {
      headers: {
        authorization: `Bearer ${http.token("laptop")}`,
        "X-OpenSpec-Toolsets": "read,everything",
      },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('There is no toolset named \\"everything\\"');
    expect(answer.body).toContain(toolsets.map((toolset) => toolset.name).join(", "));
  });

  it("WHEN the server's own setting names an unknown toolset THEN it does not start", async () => {
    await expect(startServer({ toolsets: "nothing" })).rejects.toThrow(
      /There is no toolset named "nothing"/,
    );
  });
});
