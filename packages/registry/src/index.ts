export { type DefaultRegistryPathInput, defaultRegistryPath } from "./default-registry-path.js";
export {
  type HermesImportResult,
  importFromHermesOpenspecDb,
} from "./import-from-hermes-openspec-db.js";
export type { HermesSkipCode, SkippedHermesSource } from "./import-hermes-row.js";
export {
  type OpenRegistryOptions,
  type OpenRegistryResult,
  openRegistry,
} from "./open-registry.js";
export type {
  AddSourceInput,
  Registry,
  SourceListResult,
  SourceResult,
  UpdateSourceChanges,
} from "./registry.js";
export type { RegistryFailure, RegistryFailureCode } from "./registry-failure.js";
export type { Source } from "./source.js";
