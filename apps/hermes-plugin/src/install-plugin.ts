import {
  type InstallerFailure,
  type InstallOptions,
  type InstallSuccess,
  installHermesPlugin,
} from "@org/openspec-hermes-host";
import { installablePlugin } from "./installable-plugin.js";

/** Everything the installer takes except the plugin, which is this app's. */
export type PluginInstallOptions = Omit<InstallOptions, "pluginFolder" | "version">;

/**
 * Installs this app's plugin folder, at this app's version, into a Hermes home
 * (`$HERMES_HOME/plugins/openspec`) and enables it: the installer's logic is the
 * library's, the files are this app's.
 */
export function installPlugin(
  options: PluginInstallOptions = {},
): InstallSuccess | InstallerFailure {
  return installHermesPlugin({ ...options, ...installablePlugin() });
}
