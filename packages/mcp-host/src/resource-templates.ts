// The protocol's resource template (the SDK's `ResourceTemplate` is McpServer's class).
import type { ResourceTemplateType as ResourceTemplate } from "@modelcontextprotocol/server";

/**
 * The resource templates, one per kind of resource, the workflow skills'
 * files last. Their variables are the arguments `completion/complete` with a
 * `ref/resource` completes; `{+spec}` may hold slashes, because OpenSpec
 * allows nested spec ids.
 */
export const resourceTemplates: readonly ResourceTemplate[] = [
  {
    uriTemplate: "openspec://{source}/specs/{+spec}",
    name: "spec",
    title: "OpenSpec spec",
    description: "A spec of a registered source: its spec.md as it is on disk.",
    mimeType: "text/markdown",
  },
  {
    uriTemplate: "openspec://{source}/changes/{change}",
    name: "change",
    title: "OpenSpec change",
    description:
      "An active change at a glance: task progress, links to its proposal, tasks, design and delta specs, then the proposal itself.",
    mimeType: "text/markdown",
  },
  {
    uriTemplate: "openspec://{source}/changes/{change}/proposal",
    name: "change-proposal",
    title: "OpenSpec change proposal",
    description: "The proposal.md of an active change.",
    mimeType: "text/markdown",
  },
  {
    uriTemplate: "openspec://{source}/changes/{change}/tasks",
    name: "change-tasks",
    title: "OpenSpec change tasks",
    description: "The tasks.md of an active change.",
    mimeType: "text/markdown",
  },
  {
    uriTemplate: "openspec://{source}/changes/{change}/design",
    name: "change-design",
    title: "OpenSpec change design",
    description: "The design.md of an active change.",
    mimeType: "text/markdown",
  },
  {
    uriTemplate: "openspec://{source}/changes/archive/{change}",
    name: "archived-change",
    title: "OpenSpec archived change",
    description:
      "An archived change (named by its archive folder, e.g. 2026-01-02-add-login): its proposal, design and tasks in one document.",
    mimeType: "text/markdown",
  },
  {
    uriTemplate: "openspec://{source}/ideas/{idea}",
    name: "idea",
    title: "OpenSpec idea",
    description: "An idea of a registered source: its openspec/ideas/<slug>.md as it is on disk.",
    mimeType: "text/markdown",
  },
  {
    uriTemplate: "skill://openspec/{+path}",
    name: "skill",
    title: "OpenSpec workflow skill",
    description:
      "A file of an OpenSpec workflow skill (skills/list names them, e.g. skill://openspec/propose/SKILL.md): the workflow's instructions.",
    mimeType: "text/markdown",
  },
];

export const ARCHIVED_CHANGE_TEMPLATE = "openspec://{source}/changes/archive/{change}";

export const SKILL_TEMPLATE = "skill://openspec/{+path}";
