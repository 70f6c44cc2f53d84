import type { Workflow } from "./workflow-definition.js";
import { CONFIRM_REPOSITORY, PLANNING_BOUNDARY, sourceArgument } from "./workflow-parts.js";

export const proposeWorkflow: Workflow = {
  name: "propose",
  description:
    "Turn a request into a complete change: proposal, delta specs, design and tasks, in one step.",
  arguments: [
    sourceArgument(["openspec_change_create", "openspec_instructions", "openspec_validate"]),
    {
      name: "change",
      description: "The new change's name, kebab-case (e.g. add-passkeys).",
      required: false,
      kind: "name",
      whenAbsent:
        "derive a short kebab-case name from the description and tell the user which one you chose.",
      feeds: [
        { tool: "openspec_change_create", field: "name" },
        { tool: "openspec_instructions", field: "change" },
        { tool: "openspec_task_list", field: "change" },
        { tool: "openspec_validate", field: "target" },
      ],
    },
    {
      name: "description",
      description: "What the user wants to build or fix, in their words.",
      required: false,
      kind: "text",
      whenAbsent:
        "ask the user what they want to build or fix, and do not go on without an answer.",
      feeds: [{ tool: "openspec_change_create", field: "why" }],
    },
  ],
  instructions: `# Propose a change

${PLANNING_BOUNDARY}

Change name: {{change}}. What the user wants is under Arguments above; when it is missing, ask first.

${CONFIRM_REPOSITORY}

### Understand the request

- Check the repository's active changes in the \`openspec_context\` answer: when one already covers the request, say so and offer the update workflow instead of a second change.
- Ask the user about anything that would change the scope, the behaviour others see, compatibility, or how to tell it is done. Decide small details yourself and say what you assumed.
- Read the specs the request touches (\`openspec_spec_list\`, \`openspec_spec_show\`) and the relevant code, read-only, so the plan rests on what exists rather than on guesses.

### Draft the artifacts

- \`openspec_instructions\` with \`artifact\` set to \`proposal\`, \`specs\`, \`design\` and \`tasks\` (and \`change\` once it exists) gives the project's template, rules and context for each artifact. Follow them; do not copy the rules into the files.
- Proposal: why the change is needed (a short paragraph), what changes (one line each, **BREAKING** where it is), and the impact.
- Delta specs: one per capability the change adds or modifies. ADDED requirements are new; MODIFIED ones repeat the whole requirement as it will read; REMOVED ones give a reason; RENAMED ones give from and to. Every requirement uses SHALL or MUST and has at least one scenario with GIVEN/WHEN/THEN steps.
- Design: only where there is a real decision to explain (alternatives, risks, migration).
- Tasks: small, checkable steps grouped in sections, each one something an implementer can finish and tick.

### Create the change in one call

Call \`openspec_change_create\` with \`name: {{change}}\`, \`why\`, \`what_changes\`, \`impact\`, \`design\`, \`tasks\` and \`specs\`. The change appears whole or not at all. It refuses an existing change (\`change_exists\`): never pass \`force\` unless the user asked to replace that change.

- Read the answer's \`warnings\` and \`validation\`: fix what they name by calling \`openspec_change_write\` for the artifact concerned, then \`openspec_validate\` with \`target: {{change}}\` until the change is valid.
- \`openspec_task_list\` with \`change: {{change}}\` shows the tasks as an implementer will see them.

### Finish

Tell the user the change's name and token, what each artifact says in a sentence, anything you assumed, and that implementation starts when they run the apply workflow. Stop here.`,
};
