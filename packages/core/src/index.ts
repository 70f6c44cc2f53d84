export {
  type FolderWatch,
  folderWatchStats,
  watchFolder,
} from "@org/openspec-artifacts";
export { exitOnHostSignals, HOST_SIGNALS, type HostSignal } from "@org/openspec-cli-runner";
export type { ImportSkipCode, SkippedSource, SourceToImport } from "@org/openspec-registry";
export type { ImportedSequence, SequenceToImport } from "./sequence/import-hermes-sequences.js";
export type { CatalogContext, CatalogOptions } from "./catalog-context.js";
export { type Catalog, createCatalog, type ToolAvailability } from "./create-catalog.js";
export { FIX_MARK, type FixMark, type FixWording, readFixMarks } from "./fix-wording.js";
export { flagName } from "./flag-name.js";
export { narrowCatalog } from "./narrow-catalog.js";
export type { ProcessSourceView } from "./process-sources.js";
export {
  offeredToolsets,
  selectToolsets,
  type ToolsetSelection,
  toolsetOf,
} from "./select-toolsets.js";
export type { RunCliOptions, ToolCallContext, ToolProgress } from "./tool-call-context.js";
export { cliToolNames, toolCatalog } from "./tool-catalog.js";
export {
  defineTool,
  type SuccessSchema,
  type ToolAnnotations,
  type ToolDefinition,
} from "./tool-definition.js";
export { toolInputJsonSchema } from "./tool-json-schema.js";
export type { ResultBlock, Tone, ToolPresentation, ToolVariant } from "./tool-presentation.js";
export {
  type CoreFailureCode,
  type HostFailureCode,
  type ToolFailure,
  type ToolFailureCode,
  type ToolResult,
  type ToolSuccess,
  toolFailure,
} from "./tool-result.js";
export { toolFailureSchema, toolOutputJsonSchema, toolResultSchema } from "./tool-result-schema.js";
export type * from "./tool-result-types.js";
export { defaultToolsetNames, type Toolset, toolsets } from "./toolsets.js";
export type { WarmPoolStatus } from "./warm-pool-status.js";
export { type WordedTool, wordFix } from "./word-fix.js";
export {
  findWorkflow,
  type RenderedWorkflow,
  renderWorkflow,
  renderWorkflowTemplate,
  type WorkflowFailureCode,
} from "./workflows/render-workflow.js";
export { workflowCatalog } from "./workflows/workflow-catalog.js";
export type { ToolField, Workflow, WorkflowArgument } from "./workflows/workflow-definition.js";
