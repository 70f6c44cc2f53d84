import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { workflowCatalog } from "@org/openspec-core";

const here = dirname(fileURLToPath(import.meta.url));
// This module sits in this package's src/ (tests) or dist/, one level below
// the package root; or, bundled into an app (the shell CLI), in that app's
// dist/bundle/, which the app's build fills like this package: the bridge
// beside the bundle, the plugin folder in dist/plugin/.
const bundled = basename(here) === "bundle";
const packageRoot = dirname(here);

/**
 * Where this package's own files are: the plugin folder it installs and the
 * bridge that folder starts ship together, so whoever installs this package
 * (the shell CLI, the Hermes plugin app) can install the plugin.
 */
export const packagePaths = {
  root: packageRoot,
  /** The Node bridge the Python plugin starts: the bundle (scripts/bundle.mjs) of dist/bridge.js. */
  bridgeEntry: bundled ? join(here, "bridge.js") : join(packageRoot, "dist", "bundle", "bridge.js"),
  /** The plugin folder the installer copies or links (plugin.yaml, the Python side, tools.json, skills/). */
  pluginFolder: join(packageRoot, "plugin", "openspec"),
};

/** The plugin's name in Hermes: its folder under plugins/ and its entry in plugins.enabled. */
export const PLUGIN_NAME = "openspec";
/** The files of the plugin folder; anything else in the source folder (caches, bridge.json) stays behind. */
export const PLUGIN_FILES = ["plugin.yaml", "__init__.py", "bridge.py", "tools.json"] as const;
/** The workflow skills the plugin registers with Hermes, one folder each under skills/. */
export const PLUGIN_SKILL_FILES: readonly string[] = workflowCatalog.map(
  (workflow) => `skills/${workflow.name}/SKILL.md`,
);

/** The npm name of this library, recorded as `installed_by` in bridge.json. */
export const PACKAGE_NAME = "@org/openspec-hermes-host";
/**
 * Every generator name a folder of ours may carry: this package's, and that of
 * the Hermes plugin app, which shipped the plugin folder for a while; plugins
 * installed then still count as ours.
 */
export const OUR_GENERATORS: readonly string[] = [PACKAGE_NAME, "@org/openspec-hermes-plugin"];
