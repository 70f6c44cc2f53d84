import { withOptionalToolsetsForgotten } from "./forget-optional-toolsets.js";
import { saveConfigEdit, withPluginDisabled } from "./hermes-config.js";
import { inspectPluginFolder } from "./inspect-plugin-folder.js";
import { type InstallerFailure, installerFailure, ioFailure } from "./installer-result.js";
import { PLUGIN_NAME } from "./package-paths.js";
import { takeAwayPluginFolder } from "./place-plugin-folder.js";
import { type HermesHomeOptions, resolveHermesHome } from "./resolve-hermes-home.js";

export type UninstallSuccess = {
  ok: true;
  hermes_home: string;
  plugin_dir: string;
  config: string;
  /** What this run changed; empty when nothing of ours was left. */
  done: string[];
};

/**
 * Removes our plugin folder (a link, never its target) and `openspec` from
 * `plugins.enabled`. A plugin we did not install is left alone, and so is the
 * config entry that enables it.
 */
export function uninstallHermesPlugin(
  options: HermesHomeOptions = {},
): UninstallSuccess | InstallerFailure {
  const { hermesHome, pluginDir, configPath } = resolveHermesHome(options);
  const existing = inspectPluginFolder(pluginDir);
  if (existing.state === "foreign") {
    return installerFailure(
      "plugin_conflict",
      `${existing.description}; it was not installed by openspec-agent, so it stays.`,
      `Remove ${pluginDir} yourself if you no longer want it.`,
    );
  }
  const disabled = withPluginDisabled(configPath, PLUGIN_NAME);
  if (!disabled.ok) return disabled;
  const config = withOptionalToolsetsForgotten(disabled);
  const done: string[] = [];
  try {
    if (existing.state === "ours") {
      takeAwayPluginFolder(hermesHome, pluginDir);
      done.push(`removed ${existing.linked ? "the link" : "the plugin"} at ${pluginDir}`);
    }
    done.push(...saveConfigEdit(configPath, config));
  } catch (error) {
    return ioFailure(`Uninstalling from ${hermesHome}`, error);
  }
  return { ok: true, hermes_home: hermesHome, plugin_dir: pluginDir, config: configPath, done };
}
