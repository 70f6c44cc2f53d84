import {
  type FunctionTool,
  getAllMcpTools,
  MCPServerStdio,
  MCPServerStreamableHttp,
  RunContext,
} from "@openai/agents-core";
import { MCP_BIN } from "@org/host-harness";
import { describe, expect, it } from "vitest";
import { sessionCount } from "./test-support/session-count.js";
import { useDemoServer } from "./test-support/use-demo-server.js";
import { REPORT_EXIT, watchExits } from "./test-support/watch-exits.js";

// The OpenAI Agents SDK turns each MCP tool into a function tool for the model;
// with `convertSchemasToStrict` it asks for OpenAI's strict function schemas,
// which refuse an object that lists no field and is not closed. It speaks MCP
// through the SDK v2 client, which probes for 2026-07-28 first.

const demo = useDemoServer("openai-agents");

/** The function tools an agent run hands the model, strict where the SDK could make them so, and two calls a model makes with them. */
async function runAsAnAgent(server: MCPServerStdio | MCPServerStreamableHttp) {
  await server.connect();
  const tools = (await getAllMcpTools({
    mcpServers: [server],
    convertSchemasToStrict: true,
    runContext: new RunContext({}),
  })) as FunctionTool[];
  const list = tools.find((tool) => tool.name === "openspec_list");
  if (list === undefined) throw new Error("the agent got no openspec_list tool");
  const context = new RunContext({});
  // A strict schema makes every field required and the optional ones nullable: the model sends null for them.
  const unset = { workdir: null, kind: null, sort: null, engine: null, limit: null, offset: null };
  const read = await list.invoke(context, JSON.stringify({ source: "demo", ...unset }));
  const failed = await list.invoke(context, JSON.stringify({ source: "nowhere" }));
  const { resources } = await server.listResources();
  await server.close();
  return {
    notStrict: tools.filter((tool) => !tool.strict).map((tool) => tool.name),
    count: tools.length,
    read: JSON.stringify(read),
    failed: JSON.stringify(failed),
    resourceUris: resources.map((resource) => resource.uri),
  };
}

function expectAnAgentsRun(seen: Awaited<ReturnType<typeof runAsAnAgent>>) {
  expect(seen.count).toBe(15);
  // Only openspec_change_create stays loose: its `modified` requirements are objects of any shape.
  expect(seen.notStrict).toEqual(["openspec_change_create"]);
  expect(seen.read).toContain("add-dark-mode");
  // A failure reaches the model as the tool's output, with the fix, not as an exception that ends the run.
  expect(seen.failed).toContain("source_not_found");
  expect(seen.failed).toContain("Fix:");
  expect(seen.resourceUris).toContain("openspec://demo/specs/auth");
}

describe("the OpenAI Agents SDK (@openai/agents-core) with openspec-mcp", () => {
  it("GIVEN the server over stdio (MCPServerStdio) WHEN an agent takes its tools as strict function tools and calls one THEN all but one are strict, answers and failures reach the model as output, and the server exits on close", async () => {
    const exits = await watchExits();
    const server = new MCPServerStdio({
      name: "openspec",
      command: process.execPath,
      args: ["--require", REPORT_EXIT, MCP_BIN],
      env: { ...demo.home.env, ...exits.env },
    });

    const seen = await runAsAnAgent(server);

    expectAnAgentsRun(seen);
    await exits.allGone("the server MCPServerStdio started");
    await exits.close();
  });

  it("GIVEN the server over HTTP with a token (MCPServerStreamableHttp) WHEN an agent takes its tools as strict function tools and calls one THEN all but one are strict, answers and failures reach the model as output, and no session is left", async () => {
    const server = new MCPServerStreamableHttp({
      name: "openspec",
      url: demo.http.url,
      requestInit: { headers: { Authorization: `Bearer ${demo.token}` } },
    });

    const seen = await runAsAnAgent(server);

    expectAnAgentsRun(seen);
    expect(await sessionCount(demo.http)).toBe(0);
  });
});
