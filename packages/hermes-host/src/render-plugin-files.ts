import { type ToolDefinition, toolInputJsonSchema } from "@org/openspec-core";
import { stringify } from "yaml";
import { PACKAGE_NAME } from "./package-paths.js";

/** The toolset every tool is registered under in Hermes. */
export const HERMES_TOOLSET = "openspec";

/** One tool as the Python plugin reads it from tools.json. */
export type HermesToolEntry = {
  name: string;
  description: string;
  requiresCli: boolean;
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
