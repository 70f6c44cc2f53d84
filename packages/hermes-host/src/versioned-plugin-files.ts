import { toolCatalog, workflowCatalog } from "@org/openspec-core";
import { packageVersion } from "./package-paths.js";
import { renderPluginYaml } from "./render-plugin-files.js";
import { renderSkillFiles } from "./render-skill-files.js";

/**
 * The plugin files an installed copy carries with this package's version, keyed
 * by their path in the plugin folder: the committed ones have none, so a release
 * never makes them stale. A linked plugin (development) shows the committed
 * files, without a version.
 */
export function versionedPluginFiles(
  version: string = packageVersion(),
): Readonly<Record<string, string>> {
  return {
    "plugin.yaml": renderPluginYaml(toolCatalog, version),
    ...renderSkillFiles(workflowCatalog, version),
  };
}
