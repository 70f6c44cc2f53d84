import type { ToolDefinition } from "./tool-definition.js";
import { type ToolFailure, toolFailure } from "./tool-result.js";
import { defaultToolsetNames, type Toolset, toolsets } from "./toolsets.js";

/** The toolsets a host offers and the names of their tools. */
export type ToolsetSelection = {
  ok: true;
  toolsets: Toolset[];
  tools: ReadonlySet<string>;
};

/**
 * The toolsets that have at least one of `tools`, each with only those tools:
 * a group whose tools do not exist yet is not offered.
 */
export function offeredToolsets(tools: readonly ToolDefinition[]): Toolset[] {
  const names = new Set(tools.map((tool) => tool.name));
  return toolsets
    .map((toolset) => ({ ...toolset, tools: toolset.tools.filter((name) => names.has(name)) }))
    .filter((toolset) => toolset.tools.length > 0);
}

/**
 * Reads a toolset setting (`--toolsets`, `OPENSPEC_AGENT_TOOLSETS`, the HTTP
 * header): names separated by commas, `all` for every toolset, `default` for
 * the default ones, nothing for the default. An unknown name is a failure
 * that lists the valid ones.
 */
export function selectToolsets(
  requested: string | undefined,
  tools: readonly ToolDefinition[],
): ToolsetSelection | ToolFailure {
  const offered = offeredToolsets(tools);
  const words = (requested ?? "")
    .split(",")
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== "");
  const wanted = new Set<string>();
  for (const word of words.length === 0 ? ["default"] : words) {
    if (word === "all") for (const toolset of offered) wanted.add(toolset.name);
    else if (word === "default") for (const name of defaultToolsetNames) wanted.add(name);
    else if (offered.some((toolset) => toolset.name === word)) wanted.add(word);
    else {
      return toolFailure(
        "invalid_setting",
        `There is no toolset named "${word}".`,
        `Use one or more of ${offered.map((toolset) => toolset.name).join(", ")}, separated by commas, or "all" or "default".`,
      );
    }
  }
  const chosen = offered.filter((toolset) => wanted.has(toolset.name));
  return { ok: true, toolsets: chosen, tools: new Set(chosen.flatMap((toolset) => toolset.tools)) };
}

/** The toolset that holds a tool, if any. */
export function toolsetOf(name: string): Toolset | undefined {
  return toolsets.find((toolset) => toolset.tools.includes(name));
}
