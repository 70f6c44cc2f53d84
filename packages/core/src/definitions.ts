// The catalog's definitions without what runs them: names, schemas, annotations and
// presentation load here without the registry, the CLI runner or the artifacts, which
// each handler imports when it is first called. The shell CLI's help reads only this
// (through `loadDefinitions` in startup.ts), and the workflows, which are text about the tools.

export { packageVersion as coreVersion } from "./package-version.js";
export {
  offeredToolsets,
  selectToolsets,
  type ToolsetSelection,
  toolsetOf,
} from "./select-toolsets.js";
export { cliToolNames, toolCatalog } from "./tool-catalog.js";
export {
  defineTool,
  type SuccessSchema,
  type ToolAnnotations,
  type ToolDefinition,
} from "./tool-definition.js";
export { toolInputJsonSchema } from "./tool-json-schema.js";
export type { ResultBlock, Tone, ToolPresentation } from "./tool-presentation.js";
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
export { defaultToolNames, defaultToolsetNames, type Toolset, toolsets } from "./toolsets.js";
export {
  findWorkflow,
  type RenderedWorkflow,
  renderWorkflow,
  renderWorkflowTemplate,
  type WorkflowFailureCode,
} from "./workflows/render-workflow.js";
export { workflowCatalog } from "./workflows/workflow-catalog.js";
export type { ToolField, Workflow, WorkflowArgument } from "./workflows/workflow-definition.js";
export type { WorkflowSkillOptions } from "./workflows/workflow-skill-files.js";
export { workflowSkillFiles } from "./workflows/workflow-skill-files.js";
