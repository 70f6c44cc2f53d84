import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { createCatalog, toolCatalog } from "@org/openspec-core";
import {
  AUTH_SPEC,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type OpenSpecMcpServer } from "./create-server.js";
import { serverEnvironment } from "./test-support/sandbox.js";

let server: OpenSpecMcpServer;
let client: Client;
let workdir: string;

beforeAll(async () => {
  workdir = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
  const { home, env } = serverEnvironment({ extra: { OPENSPEC_BIN: REAL_OPENSPEC_BIN } });
  server = await createServer({ catalog: createCatalog({ env, home }), log: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client(
    { name: "schema-check", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  // The SDK client reads the output schemas here and checks every later answer against them.
  await client.listTools();
});

afterAll(async () => {
  await client.close();
  await server.close();
  server.catalog.close();
  removeTemporaryFolders();
});

describe("GIVEN an SDK client that has read tools/list", () => {
  it("WHEN the tools are listed THEN each has an object input schema and an object output schema that compile", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(toolCatalog.map((tool) => tool.name));
    const ajv = new AjvJsonSchemaValidator();
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(() => ajv.getValidator(tool.inputSchema), tool.name).not.toThrow();
      expect(() => ajv.getValidator(tool.outputSchema ?? {}), tool.name).not.toThrow();
    }
  });

  it("WHEN a tool takes no arguments THEN its input schema is the closed empty object the MCP specification gives for one, and every other tool lists its fields", async () => {
    const { tools } = await client.listTools();
    const withoutFields = tools.filter(
      (tool) => Object.keys(tool.inputSchema.properties ?? {}).length === 0,
    );
    expect(withoutFields.map((tool) => tool.name)).toEqual([
      "openspec_source_list",
      "openspec_store_list",
    ]);
    for (const tool of withoutFields) {
      expect(tool.inputSchema, tool.name).toEqual({
        type: "object",
        properties: {},
        additionalProperties: false,
      });
    }
  });

  it.each([
    ["a number where a string belongs", "openspec_context", { identifier: 42 }],
    ["a missing required field", "openspec_spec_show", {}],
    ["a field the tool does not have", "openspec_source_list", { verbose: true }],
    ["an enum value the tool does not know", "openspec_list", { workdir: "/tmp", type: "x" }],
  ])(
    "WHEN a call has %s THEN the catalog's invalid_input arrives as structuredContent the client accepts",
    async (_label, name, args) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toEqual(await server.catalog.call(name, args));
      expect(result.structuredContent).toMatchObject({
        ok: false,
        code: "invalid_input",
        issues: expect.any(Array),
        fix: expect.any(String),
      });
    },
  );

  it("WHEN calls succeed, fail in the catalog or name no tool THEN the client accepts every answer against the published schema", async () => {
    const answers = [
      await client.callTool({ name: "openspec_spec_list", arguments: { workdir } }),
      await client.callTool({ name: "openspec_spec_show", arguments: { workdir, name: "auth" } }),
      await client.callTool({ name: "openspec_list", arguments: { workdir } }),
      await client.callTool({ name: "openspec_context", arguments: { identifier: "nowhere" } }),
      await client.callTool({ name: "openspec_archive", arguments: {} }),
    ];
    expect(answers.map((answer) => (answer.structuredContent as { ok: boolean }).ok)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(answers.at(-1)?.structuredContent).toMatchObject({ code: "unknown_tool" });
  });

  it("WHEN an answer breaks the published schema THEN the schema refuses it, so the client's check is a real one", async () => {
    const { tools } = await client.listTools();
    const specList = tools.find((tool) => tool.name === "openspec_spec_list");
    const validate = new AjvJsonSchemaValidator().getValidator(specList?.outputSchema ?? {});
    expect(validate({ ok: false, error: "no code" }).valid).toBe(false);
    expect(validate({ ok: true, specs: "auth" }).valid).toBe(false);
    expect(validate({ ok: false, code: "x", error: "y" }).valid).toBe(true);
  });
});
