import type { Workflow } from "./workflow-definition.js";
import { CONFIRM_REPOSITORY, changeArgument, sourceArgument } from "./workflow-parts.js";

export const applyWorkflow: Workflow = {
  name: "apply",
  description: "Implement a change task by task, ticking each task only when it is really done.",
  arguments: [
    sourceArgument(["openspec_task_list", "openspec_task_set_status", "openspec_instructions"]),
    changeArgument(["openspec_task_list", "openspec_task_set_status", "openspec_instructions"]),
  ],
  instructions: `# Apply a change

Implement the change {{change}}: here, and only here, you edit the project's code.

${CONFIRM_REPOSITORY}
4. Confirm the change: it must be one of the active changes \`openspec_context\` lists (or \`openspec_list\` shows). When none was named and several are active, ask; never pick one silently.

### Read before you build

- \`openspec_context\` with \`identifier: "<source-name>/<change-name>"\` returns the proposal, design, tasks and delta specs. Read all of them; the delta specs say what must be true when you are done.
- \`openspec_instructions\` with \`artifact: "apply"\` and \`change: {{change}}\` gives the project's own guidance for implementing, when it has some.
- \`openspec_task_list\` with \`change: {{change}}\` gives the tasks, their ids and the progress. When the change has no tasks yet, stop and suggest the update workflow to add them.

### Work through the tasks

For each open task, in order:

1. Say which task you start (its id and text).
2. Make the change in the code, keeping it to what the task asks. Run the project's tests that cover it.
3. Only when it is really done (the code is written and what checks it passes) call \`openspec_task_set_status\` with \`change: {{change}}\`, \`ids: ["<id>"]\` and \`done: true\`. One task at a time: never tick tasks in advance, and never use \`ids: "all"\` to catch up.
4. Go on with the next task.

Pause and ask the user when a task is unclear, when the code shows that the design does not hold, or when an error keeps coming back. When the plan itself needs to change, suggest the update workflow rather than drifting from the artifacts.

### Finish

Show the progress from \`openspec_task_list\`. When every task is done, suggest the verify workflow and then the archive workflow; otherwise say what is left and why.`,
};
