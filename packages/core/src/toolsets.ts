// The catalog's tools grouped by what a user is doing, in one table, so every
// host offers the same groups: an MCP client starts with the default groups
// instead of every schema in its context, and Hermes enables or disables each
// group as its own toolset. A tool the table does not name is in no group and
// is never offered through a selection; toolsets.test.ts keeps the table
// covering the whole catalog.

/** A group of tools a user turns on or off together. */
export type Toolset = {
  name: string;
  /** One line for a listing: what the group is for. */
  summary: string;
  /** The tool names, in the catalog's order where the catalog has them. */
  tools: readonly string[];
};

/** Every toolset, in the order hosts list them. */
export const toolsets: readonly Toolset[] = [
  {
    name: "read",
    summary: "Find and read changes and specs: context, list, show, status, validate, spec diff.",
    tools: [
      "openspec_context",
      "openspec_list",
      "openspec_show",
      "openspec_validate",
      "openspec_status",
      "openspec_spec_show",
      "openspec_spec_list",
      "openspec_spec_diff",
    ],
  },
  {
    name: "author",
    summary:
      "Write ideas, proposals and specs: record, evaluate and promote ideas, create and write changes and specs, artifact instructions.",
    tools: [
      "openspec_instructions",
      "openspec_spec_create",
      "openspec_idea_create",
      "openspec_idea_enrich",
      "openspec_idea_promote",
      "openspec_change_create",
      "openspec_change_write",
    ],
  },
  {
    name: "lifecycle",
    summary: "Carry a change through: promote, order, tasks, archive and unarchive.",
    tools: [
      "openspec_task_list",
      "openspec_task_set_status",
      "openspec_change_promote",
      "openspec_change_sequence_set",
      "openspec_change_archive",
      "openspec_change_unarchive",
    ],
  },
  {
    name: "sources",
    summary: "Register, rename, remove and import the repositories the tools reach; list stores.",
    tools: [
      "openspec_source_add",
      "openspec_source_list",
      "openspec_source_update",
      "openspec_source_remove",
      "openspec_source_import",
      "openspec_store_list",
    ],
  },
  {
    name: "cli",
    summary:
      "Run the OpenSpec CLI itself: doctor's diagnostics, workflow schemas, any allowed command.",
    tools: ["openspec_doctor", "openspec_schemas", "openspec_cli"],
  },
];

/**
 * What an agent needs in its first session: finding and reading changes and
 * specs, their status and validation (about 1,250 tokens of tool list, under
 * the 2,100 a session should pay before its first call). Proposing, tasks,
 * archiving and registering repositories are one `--toolsets` (or, with
 * `--dynamic-toolsets`, one `openspec_toolsets` call) away; read and author
 * together cost about 2,900.
 */
export const defaultToolsetNames: readonly string[] = ["read"];
