import type { z } from "zod";
import type { ToolFailure } from "./tool-result.js";
import type { changeArchiveTool } from "./tools/change-archive-tool.js";
import type { changeCreateTool } from "./tools/change-create-tool.js";
import type { changePromoteTool } from "./tools/change-promote-tool.js";
import type { changeSequenceSetTool } from "./tools/change-sequence-set-tool.js";
import type { changeUnarchiveTool } from "./tools/change-unarchive-tool.js";
import type { changeWriteTool } from "./tools/change-write-tool.js";
import type { cliTool } from "./tools/cli-tool.js";
import type { contextTool } from "./tools/context-tool.js";
import type { doctorTool } from "./tools/doctor-tool.js";
import type { ideaCreateTool } from "./tools/idea-create-tool.js";
import type { ideaEnrichTool } from "./tools/idea-enrich-tool.js";
import type { ideaPromoteTool } from "./tools/idea-promote-tool.js";
import type { instructionsTool } from "./tools/instructions-tool.js";
import type { listTool } from "./tools/list-tool.js";
import type { schemasTool } from "./tools/schemas-tool.js";
import type { showTool } from "./tools/show-tool.js";
import type { sourceImportTool } from "./tools/source-import-tool.js";
import type {
  sourceAddTool,
  sourceListTool,
  sourceRemoveTool,
  sourceUpdateTool,
} from "./tools/source-tools.js";
import type { specCreateTool } from "./tools/spec-create-tool.js";
import type { specDiffTool } from "./tools/spec-diff-tool.js";
import type { specListTool } from "./tools/spec-list-tool.js";
import type { specShowTool } from "./tools/spec-show-tool.js";
import type { statusTool } from "./tools/status-tool.js";
import type { storeListTool } from "./tools/store-list-tool.js";
import type { taskListTool } from "./tools/task-list-tool.js";
import type { taskSetStatusTool } from "./tools/task-set-status-tool.js";
import type { validateTool } from "./tools/validate-tool.js";

/** What a tool answers on success, inferred from its output schema. */
type SuccessOf<Tool extends { outputSchema: z.ZodType }> = z.output<Tool["outputSchema"]>;

export type ContextSuccess = SuccessOf<typeof contextTool>;
export type ListSuccess = SuccessOf<typeof listTool>;
export type ShowSuccess = SuccessOf<typeof showTool>;
export type ValidateSuccess = SuccessOf<typeof validateTool>;
export type StatusSuccess = SuccessOf<typeof statusTool>;
export type InstructionsSuccess = SuccessOf<typeof instructionsTool>;
export type SpecCreateSuccess = SuccessOf<typeof specCreateTool>;
export type SpecShowSuccess = SuccessOf<typeof specShowTool>;
export type SpecListSuccess = SuccessOf<typeof specListTool>;
export type SpecDiffSuccess = SuccessOf<typeof specDiffTool>;
export type TaskListSuccess = SuccessOf<typeof taskListTool>;
export type TaskSetStatusSuccess = SuccessOf<typeof taskSetStatusTool>;
export type IdeaCreateSuccess = SuccessOf<typeof ideaCreateTool>;
export type IdeaEnrichSuccess = SuccessOf<typeof ideaEnrichTool>;
export type IdeaPromoteSuccess = SuccessOf<typeof ideaPromoteTool>;
export type ChangeCreateSuccess = SuccessOf<typeof changeCreateTool>;
export type ChangePromoteSuccess = SuccessOf<typeof changePromoteTool>;
export type ChangeSequenceSetSuccess = SuccessOf<typeof changeSequenceSetTool>;
export type ChangeArchiveSuccess = SuccessOf<typeof changeArchiveTool>;
export type ChangeUnarchiveSuccess = SuccessOf<typeof changeUnarchiveTool>;
export type ChangeWriteSuccess = SuccessOf<typeof changeWriteTool>;
export type SourceAddSuccess = SuccessOf<typeof sourceAddTool>;
export type SourceListSuccess = SuccessOf<typeof sourceListTool>;
export type SourceUpdateSuccess = SuccessOf<typeof sourceUpdateTool>;
export type SourceRemoveSuccess = SuccessOf<typeof sourceRemoveTool>;
export type SourceImportSuccess = SuccessOf<typeof sourceImportTool>;
export type StoreListSuccess = SuccessOf<typeof storeListTool>;
export type DoctorSuccess = SuccessOf<typeof doctorTool>;
export type SchemasSuccess = SuccessOf<typeof schemasTool>;
export type CliSuccess = SuccessOf<typeof cliTool>;

/** What each tool answers, success or failure, by tool name. */
export type ToolResults = {
  openspec_context: ContextSuccess | ToolFailure;
  openspec_list: ListSuccess | ToolFailure;
  openspec_show: ShowSuccess | ToolFailure;
  openspec_validate: ValidateSuccess | ToolFailure;
  openspec_status: StatusSuccess | ToolFailure;
  openspec_instructions: InstructionsSuccess | ToolFailure;
  openspec_spec_create: SpecCreateSuccess | ToolFailure;
  openspec_spec_show: SpecShowSuccess | ToolFailure;
  openspec_spec_list: SpecListSuccess | ToolFailure;
  openspec_spec_diff: SpecDiffSuccess | ToolFailure;
  openspec_task_list: TaskListSuccess | ToolFailure;
  openspec_task_set_status: TaskSetStatusSuccess | ToolFailure;
  openspec_idea_create: IdeaCreateSuccess | ToolFailure;
  openspec_idea_enrich: IdeaEnrichSuccess | ToolFailure;
  openspec_idea_promote: IdeaPromoteSuccess | ToolFailure;
  openspec_change_create: ChangeCreateSuccess | ToolFailure;
  openspec_change_promote: ChangePromoteSuccess | ToolFailure;
  openspec_change_sequence_set: ChangeSequenceSetSuccess | ToolFailure;
  openspec_change_archive: ChangeArchiveSuccess | ToolFailure;
  openspec_change_unarchive: ChangeUnarchiveSuccess | ToolFailure;
  openspec_change_write: ChangeWriteSuccess | ToolFailure;
  openspec_source_add: SourceAddSuccess | ToolFailure;
  openspec_source_list: SourceListSuccess | ToolFailure;
  openspec_source_update: SourceUpdateSuccess | ToolFailure;
  openspec_source_remove: SourceRemoveSuccess | ToolFailure;
  openspec_source_import: SourceImportSuccess | ToolFailure;
  openspec_store_list: StoreListSuccess | ToolFailure;
  openspec_doctor: DoctorSuccess | ToolFailure;
  openspec_schemas: SchemasSuccess | ToolFailure;
  openspec_cli: CliSuccess | ToolFailure;
};
