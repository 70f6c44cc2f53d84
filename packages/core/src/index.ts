// The package's one full entry. What the shell loads first lives in startup.ts
// (`@org/openspec-core/startup`), the definitions in definitions.ts and a
// catalog of given tools in shell-catalog.ts; each export is listed once, there.
// Only the catalog's own API is here: a host that needs a library's function
// (watching folders, atomic writes, the registry's access tokens) imports it
// from that library.
// The rows the catalog's `importSources` takes and the skips it answers with.
export type { ImportSkipCode, SkippedSource, SourceToImport } from "@org/openspec-registry";
export type { CatalogContext } from "./catalog-context.js";
export { createCatalog } from "./create-catalog.js";
export * from "./definitions.js";
export { FIX_MARK, type FixMark, type FixWording, readFixMarks } from "./fix-wording.js";
export { markOpenSpecCommands } from "./mark-openspec-commands.js";
export { narrowCatalog } from "./narrow-catalog.js";
export type { ProcessSourceView } from "./process-sources.js";
export type { ImportedSequence, SequenceToImport } from "./sequence/import-hermes-sequences.js";
export * from "./shell-catalog.js";
export * from "./startup.js";
export type { RunCliOptions, ToolCallContext, ToolProgress } from "./tool-call-context.js";
export type { ToolVariant } from "./tool-presentation.js";
export type { WarmPoolStatus } from "./warm-pool-status.js";
export { type WordedTool, wordFix } from "./word-fix.js";
export { wordText } from "./word-text.js";
