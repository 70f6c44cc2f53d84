import { table } from "./markdown-cells.mjs";

/**
 * The toolsets table every README that states the default shares: one row
 * per toolset of the catalog, in the order hosts list them, the default ones
 * marked, with the Hermes toolset each becomes and its tools. Generated, so
 * no README can say a default the catalog does not have.
 */
export function renderToolsetTable(toolsets, defaultToolsetNames) {
  const rows = toolsets.map((toolset) => [
    defaultToolsetNames.includes(toolset.name)
      ? `\`${toolset.name}\` (default)`
      : `\`${toolset.name}\``,
    `\`openspec-${toolset.name}\``,
    toolset.summary,
    toolset.tools.map((tool) => `\`${tool}\``).join(", "),
  ]);
  const count = toolsets
    .filter((toolset) => defaultToolsetNames.includes(toolset.name))
    .reduce((sum, toolset) => sum + toolset.tools.length, 0);
  const all = toolsets.reduce((sum, toolset) => sum + toolset.tools.length, 0);
  return `${table(["toolset", "Hermes toolset", "for", "tools"], rows)}\n\nThe default (${defaultToolsetNames.map((name) => `\`${name}\``).join(", ")}: ${count} of ${all} tools) is what every host offers with no setting: the MCP server without \`--toolsets\`, and Hermes after \`openspec-agent hermes install\`.`;
}
