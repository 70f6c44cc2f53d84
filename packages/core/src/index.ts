// The package's one full entry. What the shell loads first lives in startup.ts
// (`@org/openspec-core/startup`), the definitions in definitions.ts and a
// catalog of given tools in shell-catalog.ts; each export is listed once, there.
// Watching folders (live updates) and writing a file atomically inside a
// folder are the hosts' too: they reach them through core.
export {
  type FolderWatch,
  folderWatchStats,
  watchFolder,
  writeFileAtomicAt,
} from "@org/openspec-artifacts";
export { HOST_SIGNALS, type HostSignal } from "@org/openspec-cli-runner";
// The Hermes host reads the earlier plugin's database; the catalog imports its rows.
export type { ImportSkipCode, SkippedSource, SourceToImport } from "@org/openspec-registry";
// The team server's access tokens live in the registry file the catalog uses:
// hosts check and manage them through core, never the registry directly.
export {
  type AccessToken,
  createAccessToken,
  defaultRegistryPath,
  listAccessTokens,
  openRegistry,
  type Registry,
  type RegistryFailure,
  registryDataVersion,
  revokeAccessToken,
  verifyAccessToken,
} from "@org/openspec-registry";
export type { CatalogContext } from "./catalog-context.js";
export { createCatalog } from "./create-catalog.js";
export * from "./definitions.js";
export { FIX_MARK, type FixMark, type FixWording, readFixMarks } from "./fix-wording.js";
export { narrowCatalog } from "./narrow-catalog.js";
export type { ProcessSourceView } from "./process-sources.js";
export type { ImportedSequence, SequenceToImport } from "./sequence/import-hermes-sequences.js";
export * from "./shell-catalog.js";
export * from "./startup.js";
export type { RunCliOptions, ToolCallContext, ToolProgress } from "./tool-call-context.js";
export type { ToolVariant } from "./tool-presentation.js";
export type { WarmPoolStatus } from "./warm-pool-status.js";
export { type WordedTool, wordFix } from "./word-fix.js";
