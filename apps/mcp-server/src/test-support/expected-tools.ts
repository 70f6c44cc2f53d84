/** Every tool, in the order the catalog lists them: what the spec promises, written out. */
export const ALL_TOOLS = [
  "openspec_context",
  "openspec_list",
  "openspec_show",
  "openspec_validate",
  "openspec_status",
  "openspec_instructions",
  "openspec_spec_create",
  "openspec_spec_show",
  "openspec_spec_list",
  "openspec_change_create",
  "openspec_source_add",
  "openspec_source_list",
  "openspec_source_update",
  "openspec_source_remove",
];

/** The tools that run the OpenSpec CLI and so are offered only while it is found. */
export const CLI_TOOLS = [
  "openspec_list",
  "openspec_show",
  "openspec_validate",
  "openspec_status",
  "openspec_instructions",
];

/** What is offered without a CLI. */
export const FILESYSTEM_TOOLS = ALL_TOOLS.filter((name) => !CLI_TOOLS.includes(name));
