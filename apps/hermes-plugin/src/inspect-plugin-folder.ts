import { lstatSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_NAME } from "./package-paths.js";

export type PluginFolderState =
  /** Nothing there, an empty folder, or a link to nowhere: free to install into. */
  | { state: "free" }
  | { state: "ours"; linked: boolean }
  /** Something we did not install, e.g. the older Python plugin for OpenSpec. */
  | { state: "foreign"; description: string };

/** Who `plugins/openspec` belongs to: our tools.json names this package as its generator. */
export function inspectPluginFolder(folder: string): PluginFolderState {
  let linked: boolean;
  let target: string;
  try {
    linked = lstatSync(folder).isSymbolicLink();
    target = realpathSync(folder);
  } catch {
    return { state: "free" };
  }
  let entries: string[];
  try {
    entries = readdirSync(target);
  } catch {
    return {
      state: "foreign",
      description: `${folder} is not a plugin folder this installer can read`,
    };
  }
  if (entries.length === 0) return { state: "free" };
  if (generatorOf(join(target, "tools.json")) === PACKAGE_NAME) return { state: "ours", linked };
  return { state: "foreign", description: describeForeign(target, entries) };
}

function generatorOf(toolsJson: string): string | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(toolsJson, "utf8"));
    if (typeof parsed === "object" && parsed !== null && "generator" in parsed) {
      return typeof parsed.generator === "string" ? parsed.generator : null;
    }
  } catch {
    // Unreadable or not JSON: not a folder this package wrote.
  }
  return null;
}

function describeForeign(folder: string, entries: string[]): string {
  if (!entries.includes("plugin.yaml"))
    return `${folder} holds files that are not openspec-agent's plugin`;
  let version: string | undefined;
  try {
    version = /^version:\s*(.+)$/m
      .exec(readFileSync(join(folder, "plugin.yaml"), "utf8"))?.[1]
      ?.trim();
  } catch {
    // An unreadable manifest still marks the folder as someone else's.
  }
  return `${folder} holds another plugin${version ? ` (plugin.yaml version ${version})` : ""}, not openspec-agent's`;
}
