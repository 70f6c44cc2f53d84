export type {
  CliChangeJson,
  CliDelta,
  CliDeltaOperation,
  CliRequirement,
  CliSpecJson,
} from "./cli-projection/cli-json.js";
export { toCliChangeDeltas } from "./cli-projection/to-cli-change-deltas.js";
export { type ParsedChange, toCliChangeJson } from "./cli-projection/to-cli-change-json.js";
export { toCliSpecJson } from "./cli-projection/to-cli-spec-json.js";
export { parseDeltaSpec } from "./delta/parse-delta-spec.js";
export { parseDocument } from "./document/parse-document.js";
export { readTitle } from "./document/read-title.js";
export { codeFenceMask } from "./lines/code-fence-mask.js";
export { applyDeltaSpec } from "./merge/apply-delta-spec.js";
export { countDeltaEntries } from "./merge/count-delta-entries.js";
export { hasDeltaHeaderLine } from "./merge/has-delta-header-line.js";
export type {
  ApplyDeltaSpecInput,
  DeltaOperation,
  DeltaOperationResult,
  MergeDiagnostic,
  MergeDiagnosticCode,
  MergeResult,
} from "./merge/merge-types.js";
export { markdownBlock } from "./serialize/markdown-source.js";
export { stringifyDeltaSpec } from "./serialize/stringify-delta-spec.js";
export { stringifySpec } from "./serialize/stringify-spec.js";
export { stringifyTasks } from "./serialize/stringify-tasks.js";
export { parseSpec } from "./spec/parse-spec.js";
export { requirementStatement } from "./spec/requirement-statement.js";
export { parseTasks } from "./tasks/parse-tasks.js";
export { setTaskMarks } from "./tasks/set-task-marks.js";
export type {
  DeltaSpec,
  DeltaSpecInput,
  DocumentSection,
  MarkdownDocument,
  ParseResult,
  RemovedRequirement,
  RemovedRequirementInput,
  RenamedRequirement,
  Requirement,
  RequirementInput,
  Scenario,
  ScenarioStep,
  Spec,
  SpecDiagnostic,
  SpecDiagnosticCode,
  SpecInput,
  StepType,
  Task,
  TaskList,
  TasksInput,
} from "./types.js";
