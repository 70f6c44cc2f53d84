import type { ToolDefinition } from "./tool-definition.js";

/** A tool's shell command words (its own and its variants') and how to load its definition alone. */
export type ToolLoader = {
  readonly name: string;
  readonly commands: readonly (readonly string[])[];
  load(): Promise<ToolDefinition>;
};

// Written out beside the catalog so a shell command can load its one tool
// without building the other tools' schemas (most of a short command's start);
// a test keeps names and words equal to the catalog's definitions.
export const toolLoaders: readonly ToolLoader[] = [
  loader(
    "openspec_context",
    [["context"]],
    async () => (await import("./tools/context-tool.js")).contextTool,
  ),
  loader("openspec_list", [["list"]], async () => (await import("./tools/list-tool.js")).listTool),
  loader("openspec_show", [["show"]], async () => (await import("./tools/show-tool.js")).showTool),
  loader(
    "openspec_validate",
    [["validate"]],
    async () => (await import("./tools/validate-tool.js")).validateTool,
  ),
  loader(
    "openspec_status",
    [["status"]],
    async () => (await import("./tools/status-tool.js")).statusTool,
  ),
  loader(
    "openspec_instructions",
    [["instructions"]],
    async () => (await import("./tools/instructions-tool.js")).instructionsTool,
  ),
  loader(
    "openspec_spec_create",
    [["spec", "create"]],
    async () => (await import("./tools/spec-create-tool.js")).specCreateTool,
  ),
  loader(
    "openspec_spec_show",
    [["spec", "show"]],
    async () => (await import("./tools/spec-show-tool.js")).specShowTool,
  ),
  loader(
    "openspec_spec_list",
    [["spec", "list"]],
    async () => (await import("./tools/spec-list-tool.js")).specListTool,
  ),
  loader(
    "openspec_spec_diff",
    [["diff"]],
    async () => (await import("./tools/spec-diff-tool.js")).specDiffTool,
  ),
  loader(
    "openspec_idea_create",
    [["idea", "create"]],
    async () => (await import("./tools/idea-create-tool.js")).ideaCreateTool,
  ),
  loader(
    "openspec_idea_enrich",
    [["idea", "enrich"]],
    async () => (await import("./tools/idea-enrich-tool.js")).ideaEnrichTool,
  ),
  loader(
    "openspec_idea_promote",
    [["idea", "promote"]],
    async () => (await import("./tools/idea-promote-tool.js")).ideaPromoteTool,
  ),
  loader(
    "openspec_change_create",
    [["change", "create"]],
    async () => (await import("./tools/change-create-tool.js")).changeCreateTool,
  ),
  loader(
    "openspec_change_write",
    [["change", "write"]],
    async () => (await import("./tools/change-write-tool.js")).changeWriteTool,
  ),
  loader(
    "openspec_task_list",
    [["task", "list"]],
    async () => (await import("./tools/task-list-tool.js")).taskListTool,
  ),
  loader(
    "openspec_task_set_status",
    [
      ["task", "set"],
      ["task", "done"],
      ["task", "undo"],
    ],
    async () => (await import("./tools/task-set-status-tool.js")).taskSetStatusTool,
  ),
  loader(
    "openspec_change_promote",
    [["change", "promote"]],
    async () => (await import("./tools/change-promote-tool.js")).changePromoteTool,
  ),
  loader(
    "openspec_change_sequence_set",
    [["change", "sequence"]],
    async () => (await import("./tools/change-sequence-set-tool.js")).changeSequenceSetTool,
  ),
  loader(
    "openspec_change_archive",
    [["change", "archive"]],
    async () => (await import("./tools/change-archive-tool.js")).changeArchiveTool,
  ),
  loader(
    "openspec_change_unarchive",
    [["change", "unarchive"]],
    async () => (await import("./tools/change-unarchive-tool.js")).changeUnarchiveTool,
  ),
  loader(
    "openspec_source_add",
    [["sources", "add"]],
    async () => (await import("./tools/source-tools.js")).sourceAddTool,
  ),
  loader(
    "openspec_source_list",
    [["sources", "list"]],
    async () => (await import("./tools/source-tools.js")).sourceListTool,
  ),
  loader(
    "openspec_source_update",
    [["sources", "update"]],
    async () => (await import("./tools/source-tools.js")).sourceUpdateTool,
  ),
  loader(
    "openspec_source_remove",
    [["sources", "remove"]],
    async () => (await import("./tools/source-tools.js")).sourceRemoveTool,
  ),
  loader(
    "openspec_source_import",
    [["sources", "import"]],
    async () => (await import("./tools/source-import-tool.js")).sourceImportTool,
  ),
  loader(
    "openspec_store_list",
    [["stores"]],
    async () => (await import("./tools/store-list-tool.js")).storeListTool,
  ),
  loader(
    "openspec_doctor",
    [["doctor"]],
    async () => (await import("./tools/doctor-tool.js")).doctorTool,
  ),
  loader(
    "openspec_schemas",
    [["schemas"]],
    async () => (await import("./tools/schemas-tool.js")).schemasTool,
  ),
  loader("openspec_cli", [["cli"]], async () => (await import("./tools/cli-tool.js")).cliTool),
];

function loader(
  name: string,
  commands: readonly (readonly string[])[],
  load: () => Promise<ToolDefinition>,
): ToolLoader {
  return { name, commands, load };
}
