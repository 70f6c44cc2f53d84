import type { ToolDefinition } from "./tool-definition.js";
import { changeArchiveTool } from "./tools/change-archive-tool.js";
import { changeCreateTool } from "./tools/change-create-tool.js";
import { changePromoteTool } from "./tools/change-promote-tool.js";
import { changeSequenceSetTool } from "./tools/change-sequence-set-tool.js";
import { changeUnarchiveTool } from "./tools/change-unarchive-tool.js";
import { changeWriteTool } from "./tools/change-write-tool.js";
import { cliTool } from "./tools/cli-tool.js";
import { contextTool } from "./tools/context-tool.js";
import { doctorTool } from "./tools/doctor-tool.js";
import { ideaCreateTool } from "./tools/idea-create-tool.js";
import { ideaEnrichTool } from "./tools/idea-enrich-tool.js";
import { ideaPromoteTool } from "./tools/idea-promote-tool.js";
import { instructionsTool } from "./tools/instructions-tool.js";
import { listTool } from "./tools/list-tool.js";
import { schemasTool } from "./tools/schemas-tool.js";
import { showTool } from "./tools/show-tool.js";
import { sourceImportTool } from "./tools/source-import-tool.js";
import {
  sourceAddTool,
  sourceListTool,
  sourceRemoveTool,
  sourceUpdateTool,
} from "./tools/source-tools.js";
import { specCreateTool } from "./tools/spec-create-tool.js";
import { specDiffTool } from "./tools/spec-diff-tool.js";
import { specListTool } from "./tools/spec-list-tool.js";
import { specShowTool } from "./tools/spec-show-tool.js";
import { statusTool } from "./tools/status-tool.js";
import { storeListTool } from "./tools/store-list-tool.js";
import { taskListTool } from "./tools/task-list-tool.js";
import { taskSetStatusTool } from "./tools/task-set-status-tool.js";
import { validateTool } from "./tools/validate-tool.js";

/** Every tool, in the order hosts list them. */
export const toolCatalog: readonly ToolDefinition[] = [
  contextTool,
  listTool,
  showTool,
  validateTool,
  statusTool,
  instructionsTool,
  specCreateTool,
  specShowTool,
  specListTool,
  specDiffTool,
  ideaCreateTool,
  ideaEnrichTool,
  ideaPromoteTool,
  changeCreateTool,
  changeWriteTool,
  taskListTool,
  taskSetStatusTool,
  changePromoteTool,
  changeSequenceSetTool,
  changeArchiveTool,
  changeUnarchiveTool,
  sourceAddTool,
  sourceListTool,
  sourceUpdateTool,
  sourceRemoveTool,
  sourceImportTool,
  storeListTool,
  doctorTool,
  schemasTool,
  cliTool,
];

/** The names of the tools that need the OpenSpec CLI. */
export const cliToolNames: readonly string[] = toolCatalog
  .filter((tool) => tool.requiresCli)
  .map((tool) => tool.name);
