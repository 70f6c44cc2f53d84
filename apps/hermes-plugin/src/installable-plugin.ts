import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readPackageVersion } from "@org/openspec-core/startup";
import type { InstallablePlugin } from "@org/openspec-hermes-host";

// This file sits in src/ (tests) or dist/ (built); either way the package root is one level up.
const appRoot = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * The plugin folder this app ships (plugin.yaml, the Python side, tools.json,
 * skills/): what the installer copies into a Hermes home, or links with --link.
 */
export const pluginFolder: string = join(appRoot, "plugin", "openspec");

/**
 * This app's plugin as the installer of @org/openspec-hermes-host takes it: the
 * folder, and this app's version, which the installed copy carries.
 */
export function installablePlugin(): InstallablePlugin {
  return { pluginFolder, version: readPackageVersion(import.meta.url) };
}
