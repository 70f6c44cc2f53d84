import { type Workflow, workflowSkillFiles } from "@org/openspec-core";
import { PACKAGE_NAME } from "./package-paths.js";

/** Where a workflow's skill sits inside the plugin folder. */
export function skillFile(workflow: Workflow): string {
  return `skills/${workflow.name}/SKILL.md`;
}

/**
 * One SKILL.md per workflow, keyed by its path in the plugin folder: core's
 * skill files (the same name, description and instructions the MCP server
 * serves as skills) with Hermes's own front matter, `metadata.hermes.tags`.
 * Hermes reads the front matter (name, description) and shows the body when
 * the agent loads `openspec:<name>`. Like plugin.yaml, the committed skills
 * have no version and the installer's copies carry the installed one.
 */
export function renderSkillFiles(
  workflows: readonly Workflow[],
  version?: string,
): Record<string, string> {
  const files = workflowSkillFiles(workflows, {
    frontMatter: [
      ...(version === undefined ? [] : [`version: ${JSON.stringify(version)}`]),
      "metadata:",
      "  hermes:",
      '    tags: ["openspec", "workflow"]',
    ],
    preface: `<!-- Generated from the openspec-agent workflows by ${PACKAGE_NAME}'s build; do not edit. -->`,
  });
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [`skills/${path}`, text]));
}
