import { toolCatalog, workflowCatalog } from "@org/openspec-core";
import { renderPluginYaml, renderToolsJson } from "./render-plugin-files.js";
import { renderSkillFiles } from "./render-skill-files.js";

/**
 * Every generated file of the plugin folder (tools.json, plugin.yaml and the
 * workflow skills), keyed by its path in the folder, rendered from the catalog:
 * the plugin app's build writes them without a version, and the installer
 * renders plugin.yaml and the skills again with the version it installs.
 */
export function renderPluginFolder(version?: string): Readonly<Record<string, string>> {
  return {
    "tools.json": renderToolsJson(toolCatalog),
    "plugin.yaml": renderPluginYaml(toolCatalog, version),
    ...renderSkillFiles(workflowCatalog, version),
  };
}
