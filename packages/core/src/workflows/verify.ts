import type { Workflow } from "./workflow-definition.js";
import { CONFIRM_REPOSITORY, changeArgument, sourceArgument } from "./workflow-parts.js";

export const verifyWorkflow: Workflow = {
  name: "verify",
  description: "Check that an implemented change matches its artifacts before it is archived.",
  arguments: [
    sourceArgument(["openspec_validate", "openspec_task_list", "openspec_spec_show"]),
    changeArgument(["openspec_task_list", "openspec_spec_list", "openspec_spec_show"], {
      alsoAs: [{ tool: "openspec_validate", field: "target" }],
    }),
  ],
  instructions: `# Verify a change

Check whether the implementation of {{change}} does what its artifacts say. This workflow reads and reports; it changes nothing.

${CONFIRM_REPOSITORY}
4. Confirm the change among the active changes; when none was named and several are active, ask.

### Check

Report each finding as CRITICAL (must fix before archiving), WARNING (should fix) or SUGGESTION, with the file or task it concerns.

1. **Structure.** \`openspec_validate\` with \`target: {{change}}\`: every issue it reports is CRITICAL.
2. **Completeness.** \`openspec_task_list\` with \`change: {{change}}\`: every open task is CRITICAL unless the user says it is dropped (then the tasks should say so). For each ticked task, look for the code that does it; a ticked task with no trace in the code is CRITICAL.
3. **Correctness.** \`openspec_spec_list\` and \`openspec_spec_show\` with \`change: {{change}}\` give each delta requirement and its scenarios. For each, find the code that satisfies it and the test that checks each scenario; a requirement without an implementation is CRITICAL, a scenario without a test a WARNING.
4. **Coherence.** Read the design from \`openspec_context\` (\`identifier: "<source-name>/<change-name>"\`): where the code took another route than the design, say which and suggest either fixing the code or updating the design.
5. **Effect on the specs.** \`openspec_spec_diff\` with \`change: {{change}}\` shows what archiving will do to the baseline specs; any problem it lists is CRITICAL.

### Finish

Give a short scorecard (structure, completeness, correctness, coherence) and the findings, most serious first, each with a concrete fix. When nothing is CRITICAL, say the change is ready for the archive workflow.`,
};
