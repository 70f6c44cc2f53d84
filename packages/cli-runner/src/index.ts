export {
  type ConfinedView,
  type ConfinementSupport,
  findConfinement,
} from "@org/openspec-confine";
export { type ArchiveOptions, archiveArgs } from "./builders/archive-args.js";
export type { ItemType, StoreOption } from "./builders/common-options.js";
export { contextArgs } from "./builders/context-args.js";
export { doctorArgs } from "./builders/doctor-args.js";
export { type InstructionsOptions, instructionsArgs } from "./builders/instructions-args.js";
export { type ListOptions, listArgs } from "./builders/list-args.js";
export { type NewChangeOptions, newChangeArgs } from "./builders/new-change-args.js";
export { type SchemaWhichOptions, schemaWhichArgs } from "./builders/schema-which-args.js";
export { schemasArgs } from "./builders/schemas-args.js";
export { type ShowOptions, showArgs } from "./builders/show-args.js";
export type { ArgsFailureCode, ArgsResult } from "./builders/start-argv.js";
export { type StatusOptions, statusArgs } from "./builders/status-args.js";
export { storeListArgs } from "./builders/store-list-args.js";
export { type TemplatesOptions, templatesArgs } from "./builders/templates-args.js";
export {
  type ValidateOptions,
  type ValidateScope,
  type ValidateTarget,
  validateArgs,
} from "./builders/validate-args.js";
export type { CliDiagnostic } from "./collect-diagnostics.js";
export { CONFINE_MODES, type ConfineMode } from "./confine/confine-mode.js";
export {
  createOpenSpecLocator,
  type OpenSpecLocator,
  type OpenSpecLocatorOptions,
} from "./create-openspec-locator.js";
export { expectedCost } from "./expected-cost.js";
export {
  type DiscoveryAttempt,
  type FindOpenSpecOptions,
  findOpenSpec,
  type LocateFailureCode,
  type OpenSpecDiscovery,
  type OpenSpecFound,
  type OpenSpecNotFound,
  type OpenSpecRule,
} from "./find-openspec.js";
export { type JsonDocument, type JsonValue, parseCliJson } from "./parse-cli-json.js";
export { checkWarmPoolTarget, type WarmPoolTarget } from "./pool/check-warm-pool-target.js";
export {
  createOpenSpecPool,
  DEFAULT_POOL_SIZE,
  type OpenSpecPool,
  type OpenSpecPoolOptions,
  type OpenSpecPoolStats,
} from "./pool/create-openspec-pool.js";
export {
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_TIMEOUT_MS,
  type RunOpenSpecOptions,
  runOpenSpec,
} from "./run-openspec.js";
export { DEFAULT_PROGRESS_INTERVAL_MS, type RunProgress } from "./run-progress.js";
export type {
  RunEnvelope,
  RunFailure,
  RunFailureCode,
  RunResult,
  RunSuccess,
} from "./run-result.js";
export { splitCliMessage } from "./split-cli-message.js";
// What a host needs before its first run, listed once there (`/startup`).
export * from "./startup.js";
