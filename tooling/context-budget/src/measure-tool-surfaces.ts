import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage, Tool } from "@modelcontextprotocol/sdk/types.js";
import { type Catalog, offeredToolsets, selectToolsets } from "@org/openspec-core";
import { optionalHermesToolsets, packagePaths } from "@org/openspec-hermes-host";
import { createServer } from "@org/openspec-mcp-host";
import { countJson, countText, type TokenFigure } from "./count-tokens.js";

/** One MCP tool selection as a client receives it at the start of a session. */
export type McpSurface = {
  /** `default`, `all`, or one toolset's name. */
  selection: string;
  tools: number;
  /** The tools' names, as listed. */
  names: string[];
  /** The whole `tools/list` JSON-RPC answer, as sent: names, titles, descriptions, annotations, input and output schemas. */
  listMessage: TokenFigure;
  /** Only name, description and input schema of each tool, as a client that drops the rest would pass them on. */
  nameDescriptionInput: TokenFigure;
  /** Only the output schemas, as a list: what the whole answer carries for clients that check results. */
  outputSchemas: TokenFigure;
  /** The whole `tools/list` answer of a server started with `--no-output-schemas`, as sent. */
  listMessageWithoutOutputSchemas: TokenFigure;
};

/** One Hermes toolset's registered schemas: `{ name, description, parameters }` of each tool, as Hermes hands them to the model. */
export type HermesSurface = {
  toolset: string;
  tools: number;
  /** The tools' names, in `tools.json` order. */
  names: string[];
  schemas: TokenFigure;
};

export type ToolSurfaces = {
  mcp: McpSurface[];
  /** The `prompts/list` answer, as sent. */
  prompts: TokenFigure;
  /** The server's `instructions`, which clients put into the system prompt. */
  instructions: TokenFigure;
  hermes: HermesSurface[];
  /** What a plain `hermes chat` carries after `hermes install`: the toolsets the installer leaves on. */
  hermesDefault: HermesSurface;
};

/**
 * Measures what each host puts in front of a model before the first call:
 * the MCP server's `tools/list` for the default toolsets, all of them and
 * each one, with output schemas and without (`--no-output-schemas`); its `prompts/list` and `instructions`; and the schemas the
 * Hermes plugin registers (from its committed `tools.json`), all and per
 * Hermes toolset. `catalog` must find the OpenSpec CLI, or the CLI-backed
 * tools are missing from the lists.
 */
export async function measureToolSurfaces(catalog: Catalog): Promise<ToolSurfaces> {
  const toolsets = offeredToolsets(catalog.tools);
  const selections = ["default", "all", ...toolsets.map((toolset) => toolset.name)];
  const mcp: McpSurface[] = [];
  let prompts: TokenFigure | undefined;
  let instructions: TokenFigure | undefined;
  for (const selection of selections) {
    const chosen = selectToolsets(selection, catalog.tools);
    if (!chosen.ok) throw new Error(chosen.error);
    const names = chosen.toolsets.map((toolset) => toolset.name);
    const session = await listOverMcp(catalog, names, true);
    const withoutOutputSchemas = await listOverMcp(catalog, names, false);
    mcp.push({
      selection,
      tools: session.tools.length,
      names: session.tools.map((tool) => tool.name),
      listMessage: countJson(session.listMessage),
      nameDescriptionInput: countJson(
        session.tools.map(({ name, description, inputSchema }) => ({
          name,
          description,
          inputSchema,
        })),
      ),
      outputSchemas: countJson(session.tools.map(({ outputSchema }) => outputSchema)),
      listMessageWithoutOutputSchemas: countJson(withoutOutputSchemas.listMessage),
    });
    prompts ??= countJson(session.promptsMessage);
    instructions ??= countText(session.instructions);
  }
  return {
    mcp,
    prompts: prompts ?? countText(""),
    instructions: instructions ?? countText(""),
    hermes: measureHermesSchemas(),
    hermesDefault: measureHermesDefault(),
  };
}

type HermesEntry = { name: string; description: string; toolset: string; parameters: unknown };

function readHermesEntries(): HermesEntry[] {
  const { tools } = JSON.parse(
    readFileSync(join(packagePaths.pluginFolder, "tools.json"), "utf8"),
  ) as {
    tools: HermesEntry[];
  };
  return tools;
}

function hermesSurface(toolset: string, entries: HermesEntry[]): HermesSurface {
  return {
    toolset,
    tools: entries.length,
    names: entries.map((entry) => entry.name),
    schemas: countJson(
      entries.map(({ name, description, parameters }) => ({ name, description, parameters })),
    ),
  };
}

function measureHermesSchemas(): HermesSurface[] {
  const tools = readHermesEntries();
  const groups = [...new Set(tools.map((tool) => tool.toolset))];
  return [
    hermesSurface("all", tools),
    ...groups.map((toolset) =>
      hermesSurface(
        toolset,
        tools.filter((tool) => tool.toolset === toolset),
      ),
    ),
  ];
}

function measureHermesDefault(): HermesSurface {
  const entries = readHermesEntries().filter(
    (tool) => !optionalHermesToolsets.includes(tool.toolset),
  );
  return hermesSurface("default", entries);
}

/**
 * One in-memory session, with or without output schemas: the JSON-RPC
 * answers to tools/list and prompts/list exactly as the server sent them.
 */
async function listOverMcp(catalog: Catalog, toolsets: string[], outputSchemas: boolean) {
  const server = await createServer({ catalog, toolsets, outputSchemas, log: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent: JSONRPCMessage[] = [];
  const send = serverSide.send.bind(serverSide);
  serverSide.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  const client = new Client({ name: "context-budget", version: "0" });
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    const listMessage = answerWith(sent, "tools");
    await client.listPrompts();
    const promptsMessage = answerWith(sent, "prompts");
    return {
      tools: tools as Tool[],
      listMessage,
      promptsMessage,
      instructions: client.getInstructions() ?? "",
    };
  } finally {
    await client.close();
    await server.close();
  }
}

function answerWith(sent: JSONRPCMessage[], field: string): JSONRPCMessage {
  const found = sent.findLast(
    (message) =>
      "result" in message && typeof message.result === "object" && field in message.result,
  );
  if (found === undefined) throw new Error(`the server sent no answer with ${field}`);
  return found;
}
