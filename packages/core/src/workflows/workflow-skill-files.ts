import { renderWorkflowTemplate } from "./render-workflow.js";
import type { Workflow } from "./workflow-definition.js";

/** What a host adds to the skill files it serves; the name, description and instructions are the same everywhere. */
export type WorkflowSkillOptions = {
  /**
   * Front-matter lines after `name` and `description`, as the host's skill
   * loader reads them: Hermes's `metadata.hermes.tags`, an MCP server's
   * string-only `metadata`, a `version` line.
   */
  frontMatter?: readonly string[];
  /** Markdown before the instructions, such as a note that a committed file is generated. */
  preface?: string;
};

/**
 * One `SKILL.md` per workflow, keyed `<name>/SKILL.md`, so every host that
 * offers the workflows as skills (the Hermes plugin, the MCP skills
 * extension) serves the same name, description and instructions from this one
 * place. Values are JSON strings, which YAML reads as the same double-quoted
 * scalars, so a reader without a YAML library can still read the description.
 */
export function workflowSkillFiles(
  workflows: readonly Workflow[],
  options: WorkflowSkillOptions = {},
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const workflow of workflows) {
    files[`${workflow.name}/SKILL.md`] = [
      "---",
      `name: ${JSON.stringify(workflow.name)}`,
      `description: ${JSON.stringify(workflow.description)}`,
      ...(options.frontMatter ?? []),
      "---",
      "",
      ...(options.preface === undefined ? [] : [options.preface, ""]),
      renderWorkflowTemplate(workflow),
    ].join("\n");
  }
  return files;
}
