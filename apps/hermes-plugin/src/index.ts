export {
  type HermesHomeOptions,
  type InstallerFailure,
  type InstallSuccess,
  type UninstallSuccess,
  uninstallHermesPlugin,
} from "@org/openspec-hermes-host";
export { installPlugin, type PluginInstallOptions } from "./install-plugin.js";
export { installablePlugin, pluginFolder } from "./installable-plugin.js";
