import type { Workflow } from "./workflow-definition.js";
import {
  CONFIRM_REPOSITORY,
  changeArgument,
  PLANNING_BOUNDARY,
  sourceArgument,
} from "./workflow-parts.js";

export const updateWorkflow: Workflow = {
  name: "update",
  description:
    "Revise the planning artifacts of an active change when what was learned changes the plan.",
  arguments: [
    sourceArgument(["openspec_instructions", "openspec_validate", "openspec_task_list"]),
    changeArgument(["openspec_instructions", "openspec_task_list", "openspec_spec_show"], {
      required: true,
      alsoAs: [{ tool: "openspec_validate", field: "target" }],
    }),
    {
      name: "description",
      description: "What should change in the plan, and why.",
      required: false,
      kind: "text",
      whenAbsent: "ask the user what should change in the plan.",
      feeds: [{ tool: "openspec_context", field: "query" }],
    },
  ],
  instructions: `# Update a change

${PLANNING_BOUNDARY}

Change: {{change}}. What should change is under Arguments above; when it is missing, ask first.

${CONFIRM_REPOSITORY}
4. Check that {{change}} is an active change; an archived change cannot be updated (suggest a new change with the propose workflow instead).

### Read the change as it is now

\`openspec_context\` with \`identifier: "<source-name>/<change-name>"\` returns its proposal, design, tasks and delta specs. Always read them again from there, even if you saw them earlier: the user may have edited the files. \`openspec_spec_show\` with \`change: {{change}}\` reads one delta spec in detail.

### Revise

- Decide with the user which artifacts the new insight touches. Keep them consistent: a requirement that changes usually changes its scenarios, the design and some tasks too.
- \`openspec_instructions\` with the artifact id and \`change: {{change}}\` gives the template and rules for it.
- Replace each artifact that changes, one call each, with \`openspec_change_write\`: the whole new content of the proposal, the design, the tasks or one delta spec. Keep the ticks of tasks that are already done.
- Then call \`openspec_validate\` with \`target: {{change}}\` and correct what it reports.

### Finish

Summarise what changed in which artifact, show the task progress with \`openspec_task_list\`, and stop. Implementation continues only with the apply workflow.`,
};
