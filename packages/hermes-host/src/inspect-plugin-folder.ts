import { lstatSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { OUR_GENERATORS } from "./package-paths.js";

export type PluginFolderState =
  /** Nothing there, an empty folder, or a link to nowhere: free to install into. */
  | { state: "free" }
  | { state: "ours"; linked: boolean }
  /** Something we did not install, e.g. the older Python plugin for OpenSpec. */
  | { state: "foreign"; description: string };

/** How often a folder that looked foreign is looked at again because it was replaced meanwhile. */
const INSPECT_ATTEMPTS = 10;

/**
 * Who `plugins/openspec` belongs to: our tools.json names this package (or the
 * app it came from) as its generator. Our folders are only ever replaced whole
 * (renamed in, renamed aside), so a folder that looked foreign while another
 * install replaced it (its files half deleted) is looked at again; a verdict
 * stands once the folder stayed the same while it was read.
 */
export function inspectPluginFolder(folder: string): PluginFolderState {
  let state = inspectOnce(folder);
  for (let attempt = 1; state.state === "foreign" && attempt < INSPECT_ATTEMPTS; attempt += 1) {
    const before = identityOf(folder);
    state = inspectOnce(folder);
    if (before !== null && before === identityOf(folder)) return state;
  }
  return state;
}

/** The device and inode at the path (a link's own), or null when nothing is there. */
function identityOf(path: string): string | null {
  try {
    const stat = lstatSync(path);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}

function inspectOnce(folder: string): PluginFolderState {
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
  const generator = generatorOf(join(target, "tools.json"));
  if (generator !== null && OUR_GENERATORS.includes(generator)) return { state: "ours", linked };
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
