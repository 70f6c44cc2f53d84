import type { ToolField, WorkflowArgument } from "./workflow-definition.js";

const feedsOf = (field: string, tools: readonly string[]): ToolField[] =>
  tools.map((tool) => ({ tool, field }));

/** The `source` argument, passed to the given tools. */
export function sourceArgument(tools: readonly string[]): WorkflowArgument {
  return {
    name: "source",
    description: "The registered repository to work in (its name or os_ token).",
    required: false,
    kind: "name",
    whenAbsent:
      "call `openspec_source_list`; use the only source when there is one, otherwise ask the user which one.",
    feeds: [{ tool: "openspec_context", field: "identifier" }, ...feedsOf("source", tools)],
  };
}

/** The `change` argument: an active change's name, passed to the given tools' `change` field (and `alsoAs` others). */
export function changeArgument(
  tools: readonly string[],
  options: { required?: boolean; whenAbsent?: string; alsoAs?: readonly ToolField[] } = {},
): WorkflowArgument {
  return {
    name: "change",
    description: "The active change to work on, by name (kebab-case).",
    required: options.required ?? false,
    kind: "name",
    whenAbsent:
      options.whenAbsent ??
      "call `openspec_list` and ask the user to pick one of the active changes; never guess when several are open.",
    feeds: [...feedsOf("change", tools), ...(options.alsoAs ?? [])],
  };
}

/** First steps every workflow shares: the right repository, with an OpenSpec root, before anything else. */
export const CONFIRM_REPOSITORY = `### Confirm the repository first

1. Call \`openspec_context\` with \`identifier: {{source}}\`. It answers with the repository path, its active and archived changes and its specs. Pass the same \`source\` to every tool below.
2. When the source is unknown (\`source_not_found\`), show the user what \`openspec_source_list\` returns and ask which repository is meant. Register a new one with \`openspec_source_add\` only when the user asks for it.
3. When the repository has no \`openspec/\` folder (\`no_openspec_root\`, or \`has_openspec: false\` in \`openspec_source_list\`), stop. Tell the user that the repository is not set up for OpenSpec yet and that they can set it up themselves with \`openspec init\` in that folder. Never create \`openspec/\` or any file in it as a side effect of this workflow.`;

/** The line that keeps planning workflows from turning into implementation. */
export const PLANNING_BOUNDARY = `**Planning only.** This workflow writes planning artifacts (proposal, specs, design, tasks) and nothing else. Even when the request says "build" or "fix", do not edit the project's code, configuration or tests here; implementation starts only when the user asks for the apply workflow.`;
