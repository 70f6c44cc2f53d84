export type { BridgeCatalog } from "./answer-bridge-request.js";
export { type HermesImportFailure, importHermesSources } from "./import-hermes-sources.js";
export {
  type InstallablePlugin,
  type InstallOptions,
  type InstallSuccess,
  installHermesPlugin,
} from "./install-hermes-plugin.js";
export type { InstallerFailure, InstallerFailureCode } from "./installer-result.js";
export { optionalHermesToolsets } from "./optional-toolsets-off.js";
export { packagePaths } from "./package-paths.js";
export type { BridgeId, BridgeOperation, BridgeRequest } from "./parse-bridge-request.js";
export { renderPluginFolder } from "./render-plugin-folder.js";
export type { HermesHomeOptions } from "./resolve-hermes-home.js";
export { type BridgeStreams, runBridge } from "./run-bridge.js";
export { startBridgeProcess } from "./start-bridge-process.js";
export { type UninstallSuccess, uninstallHermesPlugin } from "./uninstall-hermes-plugin.js";
