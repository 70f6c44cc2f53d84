import { renderWorkflowTemplate, type Workflow } from "@org/openspec-core";
import { PACKAGE_NAME } from "./package-paths.js";

/** Where a workflow's skill sits inside the plugin folder. */
export function skillFile(workflow: Workflow): string {
  return `skills/${workflow.name}/SKILL.md`;
}

/**
 * One SKILL.md per workflow, keyed by its path in the plugin folder. Hermes
 * reads the front matter (name, description) and shows the body when the
 * agent loads `openspec:<name>`. Values are JSON strings, which YAML reads
 * as the same double-quoted scalars, so the Python plugin can read the
 * description without a YAML library. Like plugin.yaml, the committed skills
 * have no version and the installer's copies carry the installed one.
 */
export function renderSkillFiles(
  workflows: readonly Workflow[],
  version?: string,
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const workflow of workflows) {
    files[skillFile(workflow)] = [
      "---",
      `name: ${JSON.stringify(workflow.name)}`,
      `description: ${JSON.stringify(workflow.description)}`,
      ...(version === undefined ? [] : [`version: ${JSON.stringify(version)}`]),
      "metadata:",
      "  hermes:",
      '    tags: ["openspec", "workflow"]',
      "---",
      "",
      `<!-- Generated from the openspec-agent workflows by ${PACKAGE_NAME}'s build; do not edit. -->`,
      "",
      renderWorkflowTemplate(workflow),
    ].join("\n");
  }
  return files;
}
