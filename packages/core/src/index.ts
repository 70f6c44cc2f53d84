export { exitOnHostSignals, HOST_SIGNALS, type HostSignal } from "@org/openspec-cli-runner";
export type { CatalogContext, CatalogOptions } from "./catalog-context.js";
export { type Catalog, createCatalog, type ToolAvailability } from "./create-catalog.js";
export { cliToolNames, toolCatalog } from "./tool-catalog.js";
export { defineTool, type ToolAnnotations, type ToolDefinition } from "./tool-definition.js";
export { toolInputJsonSchema } from "./tool-json-schema.js";
export {
  type CoreFailureCode,
  type HostFailureCode,
  type ToolFailure,
  type ToolFailureCode,
  type ToolResult,
  type ToolSuccess,
  toolFailure,
} from "./tool-result.js";
export type { WarmPoolStatus } from "./warm-pool-status.js";
