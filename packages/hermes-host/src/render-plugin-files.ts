import { type ToolDefinition, toolInputJsonSchema, toolsetOf } from "@org/openspec-core";
import { stringify } from "yaml";
import { PACKAGE_NAME } from "./package-paths.js";

/** The prefix of the Hermes toolsets, and the toolset of a tool in no catalog toolset. */
export const HERMES_TOOLSET = "openspec";

/**
 * The Hermes toolset a tool is registered under: one per catalog toolset
 * (`openspec-read`, `openspec-author`, ...), so `hermes tools` turns each
 * group on or off as a whole.
 */
export function hermesToolsetOf(name: string): string {
  const toolset = toolsetOf(name);
  return toolset === undefined ? HERMES_TOOLSET : `${HERMES_TOOLSET}-${toolset.name}`;
}

/** One tool as the Python plugin reads it from tools.json. */
export type HermesToolEntry = {
  name: string;
  description: string;
  requiresCli: boolean;
  /** The Hermes toolset to register it under; see `hermesToolsetOf`. */
  toolset: string;
  parameters: Record<string, unknown>;
};

/**
 * tools.json: every catalog tool with its JSON Schema, so the Python side
 * needs no knowledge of its own. `generator` marks the folder as ours for
 * the installer's conflict check. It carries no version: it is committed, and
 * a version in it would go stale with the first release.
 */
export function renderToolsJson(tools: readonly ToolDefinition[]): string {
  const entries: HermesToolEntry[] = tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    requiresCli: tool.requiresCli,
    toolset: hermesToolsetOf(tool.name),
    parameters: toolInputJsonSchema(tool),
  }));
  return `${JSON.stringify({ generator: PACKAGE_NAME, tools: entries }, null, 2)}\n`;
}

/**
 * plugin.yaml: the manifest Hermes reads before it imports anything. The
 * committed file has no version (the build renders it without one); the
 * installer renders it again with the installed package's version.
 */
export function renderPluginYaml(tools: readonly ToolDefinition[], version?: string): string {
  const manifest = {
    name: "openspec",
    ...(version === undefined ? {} : { version }),
    description:
      "OpenSpec tools for agents: resolve registered repositories, read and write specs, and run the OpenSpec CLI.",
    kind: "standalone",
    provides_tools: tools.map((tool) => tool.name),
  };
  return `# Generated from the openspec-agent tool catalog by ${PACKAGE_NAME}'s build; do not edit.\n${stringify(manifest, { lineWidth: 0 })}`;
}
