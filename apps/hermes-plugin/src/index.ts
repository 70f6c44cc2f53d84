// The Hermes plugin (its folder, its installer and the bridge it starts)
// belongs to @org/openspec-hermes-host, which the shell CLI installs it from
// as well; this app names that installer in the words its users know.
export {
  type HermesHomeOptions,
  type InstallerFailure,
  type InstallOptions as PluginInstallOptions,
  type InstallSuccess,
  installHermesPlugin as installPlugin,
  type UninstallSuccess,
  uninstallHermesPlugin,
} from "@org/openspec-hermes-host";
