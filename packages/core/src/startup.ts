// `@org/openspec-core/startup`: what a command line needs before it runs a
// tool, and nothing more (and a host bin's flags, read with Node's parseArgs). A shell command that names a tool finds it here and
// loads that tool's definition alone, so the other tools' schemas and
// presentations are never built (most of a short command's start-up). The
// definitions and a catalog of given tools load on demand, through the two
// functions below; this file's own imports load nothing else.

import { noteCoreCopy } from "./note-core-copy.js";

export { flagName } from "./flag-name.js";
export {
  type CommandLine,
  type FlagSpec,
  type FlagValues,
  readCommandLine,
} from "./read-command-line.js";
export { readPackageVersion } from "./read-package-version.js";
export { toolForCommand } from "./tool-for-command.js";
export { type ToolLoader, toolLoaders } from "./tool-loaders.js";
// The toolsets table imports nothing, so a host's help states the default from it.
export { defaultToolNames, defaultToolsetNames, type Toolset, toolsets } from "./toolsets.js";

// Every way into core passes through this file (the package index re-exports it).
noteCoreCopy(import.meta.url);

/**
 * A text's marks in a host's words (`wordText` of the package index), loaded
 * on first use: a shell words its readable view with it only when the view
 * holds a mark.
 */
export async function wordText(
  ...args: Parameters<typeof import("./word-text.js").wordText>
): Promise<string> {
  return (await import("./word-text.js")).wordText(...args);
}

/**
 * The catalog's definitions (tool and workflow catalogs, schemas, toolsets)
 * without what runs them: the shell's help and tool list read only these, so
 * they load without the registry, the CLI runner or the artifacts.
 */
export function loadDefinitions(): Promise<typeof import("./definitions.js")> {
  return import("./definitions.js");
}

/**
 * The `bin/openspec.js` of the OpenSpec CLI installed with openspec-agent, or
 * null: what `openspec-agent openspec` runs. Loads the runner's startup entry
 * only when called.
 */
export async function findBundledOpenSpec(): Promise<string | null> {
  return (await import("@org/openspec-cli-runner/startup")).findBundledOpenSpec();
}

/** `catalogOf` (a catalog of the given tools only) and `exitOnHostSignals`: what runs one tool from the shell. */
export function loadShellCatalog(): Promise<typeof import("./shell-catalog.js")> {
  return import("./shell-catalog.js");
}
