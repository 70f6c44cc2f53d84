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
    summary:
      "Find and read changes and specs: context, list, show, status, validate, spec diff; the registered sources.",
    tools: [
      "openspec_context",
      "openspec_list",
      "openspec_show",
      "openspec_validate",
      "openspec_status",
      "openspec_spec_show",
      "openspec_spec_list",
      "openspec_spec_diff",
      "openspec_source_list",
    ],
  },
  {
    name: "author",
    summary:
      "Propose a change and write its proposal, design, tasks and delta specs, with the project's instructions for each.",
    tools: ["openspec_instructions", "openspec_change_create", "openspec_change_write"],
  },
  {
    name: "lifecycle",
    summary: "Carry a change through: list and tick its tasks, and archive it.",
    tools: ["openspec_task_list", "openspec_task_set_status", "openspec_change_archive"],
  },
  {
    name: "specs",
    summary: "Write a spec directly, and take an archived change back to the active ones.",
    tools: ["openspec_spec_create", "openspec_change_unarchive"],
  },
  {
    name: "ideas",
    summary: "Record ideas, evaluate them against the specs, and promote one to a change.",
    tools: ["openspec_idea_create", "openspec_idea_enrich", "openspec_idea_promote"],
  },
  {
    name: "sequencing",
    summary: "Order changes: promote one to the front, and set their order and dependencies.",
    tools: ["openspec_change_promote", "openspec_change_sequence_set"],
  },
  {
    name: "sources",
    summary: "Register, rename, remove and import the repositories the tools reach; list stores.",
    tools: [
      "openspec_source_add",
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
 * What an agent needs in its first session, and the one place that says so:
 * the whole loop of a change (find and read, propose, write its artifacts
 * with the project's instructions, tick its tasks, validate, archive), which
 * is every tool the propose, apply and update workflows call, and nothing
 * else, so a session pays for the tools it uses on its first calls (about 0.6 of hermes-openspec's whole
 * catalog; `tooling/context-budget` holds it there). Specs written directly,
 * unarchiving, ideas, sequencing, registering sources and the CLI passthrough are one
 * `--toolsets` (or one `openspec_toolsets` call) away. Every host's default,
 * help text, instructions and README table is read or generated from here.
 */
export const defaultToolsetNames: readonly string[] = ["read", "author", "lifecycle"];

/** The tools of the default toolsets, in the order hosts list them. */
export const defaultToolNames: readonly string[] = toolsets
  .filter((toolset) => defaultToolsetNames.includes(toolset.name))
  .flatMap((toolset) => toolset.tools);
