import { table } from "./markdown-cells.mjs";

/** What a tool may change, in the words of its MCP annotations. */
function effectOf({ readOnlyHint, destructiveHint }) {
  if (readOnlyHint) return "read-only";
  return destructiveHint ? "writes; destructive" : "writes";
}

/**
 * The tool table every README that lists the tools shares: one row per
 * catalog tool, in catalog order. `resultsLink(name)` gives the link to the
 * tool's result fields from the README being written, or null.
 */
export function renderToolTable(toolCatalog, { firstSentence, resultsLink }) {
  const rows = toolCatalog.map((tool) => {
    const link = resultsLink(tool.name);
    return [
      link ? `[\`${tool.name}\`](${link})` : `\`${tool.name}\``,
      tool.annotations.title,
      tool.requiresCli ? "yes" : "no",
      effectOf(tool.annotations),
      firstSentence(tool.description),
    ];
  });
  return table(["tool", "title", "needs the CLI", "effect", "what it does"], rows);
}
