import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Catalog } from "@org/openspec-core";
import { createServer } from "@org/openspec-mcp-host";
import { countJson, countText, type TokenFigure } from "./count-tokens.js";

/** One typical call whose answer lands in the model's context. */
export type AnswerCall = { label: string; tool: string; args: Record<string, unknown> };

export type AnswerFigure = {
  label: string;
  tool: string;
  ok: boolean;
  /** The answer's text content, which every MCP client hands the model. */
  text: TokenFigure;
  /** The whole `tools/call` result (text and `structuredContent`), for clients that pass both. */
  result: TokenFigure;
};

/** Calls each tool through an MCP session over `catalog` (every toolset) and counts its answer. */
export async function measureAnswers(
  catalog: Catalog,
  calls: readonly AnswerCall[],
): Promise<AnswerFigure[]> {
  const server = await createServer({ catalog, log: () => {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "context-budget", version: "0" });
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  try {
    const figures: AnswerFigure[] = [];
    for (const { label, tool, args } of calls) {
      const result = await client.callTool({ name: tool, arguments: args });
      const text = (result.content as { type: string; text?: string }[])
        .map((block) => block.text ?? "")
        .join("\n");
      figures.push({
        label,
        tool,
        ok: (result.structuredContent as { ok?: boolean } | undefined)?.ok === true,
        text: countText(text),
        result: countJson(result),
      });
    }
    return figures;
  } finally {
    await client.close();
    await server.close();
  }
}
