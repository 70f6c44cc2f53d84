import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { workflowCatalog } from "@org/openspec-core";

// This file sits in src/ (tests) or dist/ (built); either way the package root is one level up.
const packageRoot = dirname(dirname(fileURLToPath(import.meta.url)));

/** Where this package's files are, so the installer and the generator never guess. */
export const packagePaths = {
  root: packageRoot,
  /** The plugin folder as committed: what the installer copies or links. */
  pluginFolder: join(packageRoot, "plugin", "openspec"),
  /** The Node bridge the Python plugin starts: the bundle (scripts/bundle.mjs) of dist/bridge.js. */
  bridgeEntry: join(packageRoot, "dist", "bundle", "bridge.js"),
};

/** The plugin's name in Hermes: its folder under plugins/ and its entry in plugins.enabled. */
export const PLUGIN_NAME = "openspec";
/** The files of the plugin folder; anything else in the source folder (caches, bridge.json) stays behind. */
export const PLUGIN_FILES = ["plugin.yaml", "__init__.py", "bridge.py", "tools.json"] as const;
/** The workflow skills the plugin registers with Hermes, one folder each under skills/. */
export const PLUGIN_SKILL_FILES: readonly string[] = workflowCatalog.map(
  (workflow) => `skills/${workflow.name}/SKILL.md`,
);

/** The npm name, which also marks a plugin folder as ours (see tools.json's `generator`). */
export const PACKAGE_NAME = "@org/openspec-hermes-host";

/**
 * Every generator name a folder of ours may carry: plugins installed before the
 * runtime moved into this package name the app, and must still count as ours.
 */
export const OUR_GENERATORS: readonly string[] = [PACKAGE_NAME, "@org/openspec-hermes-plugin"];

/** The package version: the installer writes it into the copied plugin.yaml, skills and bridge.json. */
export function packageVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8"));
  if (typeof manifest === "object" && manifest !== null && "version" in manifest) {
    const { version } = manifest;
    if (typeof version === "string") return version;
  }
  throw new Error(`${PACKAGE_NAME}: package.json has no version`);
}
